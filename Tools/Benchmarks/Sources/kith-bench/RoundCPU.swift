import Foundation
import Storage

/// The CPU time a benchmark round takes, beside its wall-clock throughput: on a busy machine the writes per second
/// move with whatever else runs (another build took 10-34% off one side of a pair), while the CPU each write takes
/// moves far less.
///
/// The client is this process (getrusage: user and system time of every thread). On PostgreSQL the server is counted
/// too: every process `pg_stat_activity` lists (this database's backends, the WAL writer, the checkpointer, the
/// walsender feeding a standby), by its time on a CPU in /proc/PID/schedstat (nanoseconds, where /proc/PID/stat counts
/// 10 ms ticks). That is the whole cluster's work, so it is only the write's when the cluster serves this benchmark
/// alone (`Tools/bench` starts a throwaway one); a process that ends during a round takes its time in that round
/// with it (`vanished` says how many did), and one that starts during it counts all of its time.
struct RoundCPU {
    /// This process's CPU seconds.
    var client = 0.0
    /// The server's CPU seconds; nil on SQLite (in-process, so in `client`) or when a server process's time could not
    /// be read (then the figure is the client's alone, and says so).
    var server: Double?
    /// Server processes that ended during the round (their time in it is not counted).
    var vanished = 0

    var total: Double { client + (server ?? 0) }

    /// Two rounds' time together (the server's only when both counted it).
    static func + (left: RoundCPU, right: RoundCPU) -> RoundCPU {
        RoundCPU(
            client: left.client + right.client, server: left.server.flatMap { a in right.server.map { a + $0 } },
            vanished: left.vanished + right.vanished)
    }

    /// What `measure` reads when a round starts.
    struct Start {
        let client: Double
        let server: [Int32: UInt64]?
    }

    /// Reads the clocks a round starts from (on PostgreSQL, the server processes' and their time so far).
    static func start(_ database: any SQLDatabase) async throws -> Start {
        let server = try await serverProcesses(database).flatMap(onCPU)
        return Start(client: processSeconds(), server: server)
    }

    /// The CPU time since `start`.
    static func since(_ start: Start, _ database: any SQLDatabase) async throws -> RoundCPU {
        let client = processSeconds() - start.client
        guard let before = start.server else { return RoundCPU(client: client, server: nil) }
        // The processes of the start first, then those that appeared since (read after, so the query that lists them
        // runs outside the round's window for every process already counted).
        guard let after = onCPU(Array(before.keys)) else { return RoundCPU(client: client, server: nil) }
        var server = 0.0
        for (pid, nanoseconds) in after { server += Double(nanoseconds - min(nanoseconds, before[pid]!)) / 1e9 }
        let vanished = before.count - after.count
        if let listed = try await serverProcesses(database) {
            let new = listed.filter { before[$0] == nil }
            guard let started = onCPU(new) else { return RoundCPU(client: client, server: nil) }
            for nanoseconds in started.values { server += Double(nanoseconds) / 1e9 }
        }
        return RoundCPU(client: client, server: server, vanished: vanished)
    }

    /// This process's user and system CPU seconds, every thread's.
    static func processSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// The PostgreSQL server's processes, when it runs on this machine (its backend's /proc entry is readable); nil on
    /// SQLite or for a server elsewhere.
    static func serverProcesses(_ database: any SQLDatabase) async throws -> [Int32]? {
        guard database.dialect == .postgres else { return nil }
        let (own, pids) = try await database.read { connection in
            (
                try connection.first("SELECT pg_backend_pid()")?.int(0) ?? 0,
                try connection.query("SELECT pid FROM pg_stat_activity").map { Int32(try $0.int(0)) }
            )
        }
        guard FileManager.default.isReadableFile(atPath: "/proc/\(own)/schedstat") else { return nil }
        return pids
    }

    /// Each process's nanoseconds on a CPU so far (/proc/PID/schedstat's first field); a process that has ended is
    /// left out; nil when one that is still there cannot be read.
    static func onCPU(_ pids: [Int32]) -> [Int32: UInt64]? {
        var times: [Int32: UInt64] = [:]
        for pid in pids {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/schedstat", encoding: .utf8) else {
                if FileManager.default.fileExists(atPath: "/proc/\(pid)") { return nil }
                continue
            }
            guard let field = text.split(separator: " ").first, let nanoseconds = UInt64(field) else { return nil }
            times[pid] = nanoseconds
        }
        return times
    }
}

/// The CPU each committed write took, per side ("without" and "with" the event), round by round and over all
/// counted rounds: the cost as a CPU ratio, beside the throughput's.
struct CPUPerWrite {
    private var total: [Bool: RoundCPU] = [:]
    private var writes: [Bool: Int] = [:]
    /// Each counted round's microseconds per committed write, per side, in the order they ran.
    private var rounds: [Bool: [Double]] = [:]

    mutating func add(_ cpu: RoundCPU, committed: Int, withEvent: Bool) {
        total[withEvent] = total[withEvent].map { $0 + cpu } ?? cpu
        writes[withEvent, default: 0] += committed
        rounds[withEvent, default: []].append(committed > 0 ? cpu.total / Double(committed) * 1e6 : .nan)
    }

    /// Prints the figures, `noun` naming a write ("write", "rename"); `remote` when the database is a server (else
    /// its work is this process's).
    func print(_ noun: String, remote: Bool) {
        guard let without = total[false], let with = total[true], let a = writes[false], let b = writes[true],
            a > 0, b > 0
        else { return }
        let perWithout = without.total / Double(a) * 1e6
        let perWith = with.total / Double(b) * 1e6
        let pairs = zip(rounds[false] ?? [], rounds[true] ?? []).map { String(format: "%.0f/%.0f", $0, $1) }
        Swift.print("    CPU µs per \(noun), each round without/with: \(pairs.joined(separator: " "))")
        func parts(_ cpu: RoundCPU, _ count: Int) -> String {
            guard remote else { return "" }
            guard let server = cpu.server else { return "  (client only: the server's time could not be read)" }
            return String(
                format: "  (client %.1f + server %.1f)", cpu.client / Double(count) * 1e6, server / Double(count) * 1e6)
        }
        Swift.print(String(format: "    CPU per \(noun) without   %8.1f µs", perWithout) + parts(without, a))
        Swift.print(
            String(
                format: "    CPU per \(noun) with      %8.1f µs  (%+.1f%% CPU per \(noun); goal: at most 10%%)",
                perWith,
                (perWith / perWithout - 1) * 100) + parts(with, b))
        let vanished = without.vanished + with.vanished
        if vanished > 0 {
            Swift.print("    (\(vanished) server processes ended mid-round; their time in it is not counted)")
        }
    }
}
