import Dispatch
import Foundation
import PostgresStorage
import Storage

/// The throwaway cluster of `Tools/with-postgres` (which `Tools/test` runs every test under), split into one schema
/// per test so tests run in parallel without seeing each other's rows.
public enum TestPostgres {
    /// Why a test could not get a database.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The cluster's URL, from `KITH_TEST_DATABASE_URL`.
    public static func clusterURL() throws -> String {
        guard let url = ProcessInfo.processInfo.environment["KITH_TEST_DATABASE_URL"], !url.isEmpty else {
            throw Unavailable(
                description:
                    "KITH_TEST_DATABASE_URL is not set: run the tests through Tools/test (or Tools/with-postgres CMD)")
        }
        return url
    }

    /// A URL whose connections use a new, empty schema of their own.
    public static func freshSchemaURL() async throws -> String {
        let cluster = try clusterURL()
        let schema = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let admin = try await PostgresDatabase.open(url: cluster, features: [], size: 1)
        try await admin.write { try $0.execute("CREATE SCHEMA \(schema)") }
        let separator = cluster.contains("?") ? "&" : "?"
        return cluster + separator + "options=-csearch_path%3D\(schema)"
    }

    /// A database over a fresh schema with `features` migrated.
    ///
    /// Its deadlines are generous: these databases test what the stores do, not how long a stalled database may take
    /// (the stall tests set their own), and a full run saturates the machine so that a plain query can take seconds.
    public static func database(
        _ features: [FeatureMigrations], size: Int = 4
    ) async throws -> PostgresDatabase {
        try await PostgresDatabase.open(
            url: try await freshSchemaURL(), features: features, size: size, timeouts: generousTimeouts)
    }

    /// Deadlines for tests that are not about deadlines.
    public static let generousTimeouts = PostgresDatabase.Timeouts(
        connect: .seconds(30), answer: .seconds(30), pool: .seconds(30))

    /// A cluster of its own for a test that stops or restarts its database, so the shared one never goes away
    /// under other tests. `stop()` ends it.
    public final class PrivateCluster: Sendable {
        /// The libpq URI of its database `kith`.
        public let url: String
        let pgctl: String
        let folder: String
        let pid: pid_t

        init(url: String, pgctl: String, folder: String, pid: pid_t) {
            self.url = url
            self.pgctl = pgctl
            self.folder = folder
            self.pid = pid
        }

        /// Runs `pg_ctl ARGS` on it as its owner (`restart -m immediate`, `stop -m immediate`, `start`).
        public func pgctl(_ arguments: String...) async throws {
            let status = try await TestPostgres.run(
                ["/bin/sh", "-c", #"exec setsid "$0" "$@" </dev/null >/dev/null 2>&1"#, pgctl] + arguments)
            guard status == 0 else {
                throw Unavailable(description: "pg_ctl \(arguments.joined(separator: " ")) failed")
            }
        }

        /// The folder `Tools/with-postgres` made for it: `data` (its data directory) and `log` (the server's log).
        var work: String { (pgctl as NSString).deletingLastPathComponent }

        /// The server's log (what PostgreSQL writes to standard error: warnings and errors).
        public var serverLog: String { work + "/log" }

        /// Pauses the database as a hung machine would: SIGSTOP to the postmaster (so it accepts no connection) and
        /// then to every process it started (the backends of open connections). Connections stay open; nothing
        /// answers. `resume()` undoes it: call it in a `defer`, so that a failing test never leaves it stopped.
        public func pause() throws {
            let postmaster = try postmasterPID()
            guard kill(postmaster, SIGSTOP) == 0 else {
                throw Unavailable(description: "could not stop the postmaster \(postmaster)")
            }
            for child in TestPostgres.children(of: postmaster) { kill(child, SIGSTOP) }
        }

        /// Lets a paused database run again (its processes first, then the postmaster).
        public func resume() {
            guard let postmaster = try? postmasterPID() else { return }
            for child in TestPostgres.children(of: postmaster) { kill(child, SIGCONT) }
            kill(postmaster, SIGCONT)
        }

        /// The postmaster's process id: the first line of the data directory's `postmaster.pid`.
        public func postmasterPID() throws -> pid_t {
            let text = try String(contentsOfFile: work + "/data/postmaster.pid", encoding: .utf8)
            guard let line = text.split(separator: "\n").first, let pid = pid_t(line) else {
                throw Unavailable(description: "no postmaster.pid in \(work)/data")
            }
            return pid
        }

        /// Stops the cluster and removes its files, in the background: a test's `defer` never blocks a thread of
        /// the concurrency pool, which other tests need.
        public func stop() {
            _ = FileManager.default.createFile(atPath: folder + "/stop", contents: nil)
            let (pid, folder) = (pid, folder)
            // A thread, not `DispatchQueue.global()`: that is the root queue the concurrency pool itself runs on.
            Thread.detachNewThread {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                try? FileManager.default.removeItem(atPath: folder)
            }
        }
    }

    /// The shared cluster's server log (`Tools/with-postgres` writes it beside its `pgctl`).
    public static func serverLog() throws -> String {
        guard let pgctl = ProcessInfo.processInfo.environment["KITH_TEST_PGCTL"] else {
            throw Unavailable(description: "KITH_TEST_PGCTL is not set: run the tests through Tools/test")
        }
        return (pgctl as NSString).deletingLastPathComponent + "/log"
    }

    /// The processes whose parent is `parent` (from `/proc`, as `pgrep -P` finds them).
    static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let end = stat.lastIndex(of: ")")
            else { return nil }
            // `pid (comm) state ppid ...`: the command may hold spaces and parentheses, so read after its last ")".
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == parent ? pid : nil
        }
    }

    /// Starts a private cluster with `Tools/with-postgres` (whose path the shared one's run exports).
    /// initdb under a machine busy with the rest of the suite can take most of a minute: it is given two.
    public static func privateCluster() async throws -> PrivateCluster {
        guard let script = ProcessInfo.processInfo.environment["KITH_TEST_WITH_POSTGRES"] else {
            throw Unavailable(description: "KITH_TEST_WITH_POSTGRES is not set: run the tests through Tools/test")
        }
        let folder = NSTemporaryDirectory() + "kith-private-cluster-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let waiter =
            #"printf %s "$KITH_TEST_DATABASE_URL" > "$0/url.tmp"; printf %s "$KITH_TEST_PGCTL" > "$0/ctl";"#
            + #" mv "$0/url.tmp" "$0/url"; while [ ! -e "$0/stop" ]; do sleep 0.1; done"#
        let pid = try spawn([
            "/bin/sh", "-c", #"exec "$0" sh -c "$1" "$2" </dev/null >/dev/null 2>&1"#, script, waiter, folder,
        ])
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            if let url = try? String(contentsOfFile: folder + "/url", encoding: .utf8),
                let pgctl = try? String(contentsOfFile: folder + "/ctl", encoding: .utf8)
            {
                return PrivateCluster(url: url, pgctl: pgctl, folder: folder, pid: pid)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        kill(pid, SIGTERM)
        throw Unavailable(description: "the private cluster did not start within 120 s")
    }

    /// Runs `argv` and waits for it: posix_spawn and waitpid, not Foundation's Process, whose exit monitor can miss
    /// the end of a child that leaves a daemon (the postmaster) running. The wait happens on a thread of its own:
    /// blocking one of the concurrency pool's few threads (or `DispatchQueue.global()`, the root queue the pool runs
    /// on) would stall every other test.
    static func run(_ argv: [String]) async throws -> Int32 {
        let pid = try spawn(argv)
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                continuation.resume(returning: status)
            }
        }
    }

    /// Starts `argv` with only standard input, output and error: every other descriptor of the test process (other
    /// tests' pipes, opened without close-on-exec) is closed in the child. Inherited, the write end of a `kith`
    /// run's standard input would keep it from ever reading its end, and the postmaster, a daemon, would hold it for
    /// good: that test, and every test waiting on it, would hang.
    static func spawn(_ argv: [String]) throws -> pid_t {
        var pointers = argv.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        guard let closeFrom = closeFrom, closeFrom(&actions, 3) == 0 else {
            throw Unavailable(description: "posix_spawn_file_actions_addclosefrom_np (glibc 2.34 or later) is missing")
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, argv[0], &actions, nil, &pointers, environ) == 0 else {
            throw Unavailable(description: "could not run \(argv[0])")
        }
        return pid
    }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), found at run time: Swift's Glibc module does
/// not declare it.
private let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
        return nil
    }
    return unsafeBitCast(
        symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
}()
