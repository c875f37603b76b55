import Accounts
import Foundation
import IdentitySQL
import PostgresStorage
import PostgresStorageTesting
import SQLiteStorage
import Storage

/// One writer, `count` writes of `EventsBenchmark`'s shape in a row, with or without the event, and nothing else: for
/// `perf stat -e task-clock` or `perf record` of a single side (valgrind stops on libdispatch here).
/// KITH_EVENTS_PROBE=ENGINE:with|without:COUNT kith-bench --kith /bin/true --only events (ENGINE sqlite or postgres;
/// postgres needs KITH_TEST_DATABASE_URL). It writes 20 more first, so a count of 0 measures the set-up alone.
/// KITH_EVENTS_PROBE=sqlite:alternate:BLOCK prints the writer thread's CPU per write with and without, side by side
/// (`alternate`): the steadiest figure of the event's cost on SQLite.
enum EventsProbe {
    static func run(_ spec: String) async throws {
        let parts = spec.split(separator: ":").map(String.init)
        guard parts.count == 3, let count = Int(parts[2]) else {
            throw ProcessTimer.Failure(description: "KITH_EVENTS_PROBE=ENGINE:with|without:COUNT, not \(spec)")
        }
        let folder = NSTemporaryDirectory() + "kith-probe-events-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database: any SQLDatabase =
            parts[0] == "postgres"
            ? try await PostgresDatabase.open(
                url: try await TestPostgres.freshSchemaURL(), features: [IdentityMigrations.all])
            : try SQLiteDatabase.open(at: folder + "/events.sqlite", features: [IdentityMigrations.all])
        let store = SQLStore(identityOn: database)
        let accounts = try await EventsBenchmark.seedAccounts(store)
        if parts[1] == "alternate", let sqlite = database as? SQLiteDatabase {
            return try alternate(sqlite, account: accounts[0], block: count)
        }
        let withEvent = parts[1] == "with"
        // A few writes first, so the statement caches are warm in both cases.
        for number in 0..<(count + 20) {
            try await EventsBenchmark.write(store, account: accounts[0], number: number, withEvent: withEvent)
        }
    }

    /// SQLite only (KITH_EVENTS_PROBE=sqlite:alternate:BLOCK): the writer thread's own CPU time (user and system) per
    /// write, in blocks of BLOCK writes that take turns: without the event, with its statement but no row (a trigger
    /// drops it, as `domainWrites`' "without" does), and with the event. Each write is its own transaction, committed
    /// as the store commits it. No hop between threads is timed, and a slow stretch of the machine weighs on all
    /// three alike, so the differences repeat from run to run where whole-process times do not.
    static func alternate(_ database: SQLiteDatabase, account: Account, block: Int) throws {
        func threadSeconds() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        let sides = ["without", "statement, no row", "with"]
        let perWrite = try database.pool.writeWithoutTransaction { db -> [Int: [Double]] in
            var perWrite: [Int: [Double]] = [:]
            var number = 0
            for round in 0..<17 {
                // Each side first in turn, and the first round a warm-up, uncounted.
                for turn in 0..<3 {
                    let side = (turn + round) % 3
                    if side == 1 {
                        try db.execute(
                            sql:
                                "CREATE TRIGGER probe_no_events BEFORE INSERT ON identity_events BEGIN SELECT RAISE(IGNORE); END"
                        )
                    }
                    let start = threadSeconds()
                    for _ in 0..<block {
                        number += 1
                        try db.inTransaction {
                            try EventsBenchmark.writeBody(
                                SQLIdentityTransaction(SQLiteConnection(db)), account: account, number: number,
                                withEvent: side > 0)
                            return .commit
                        }
                    }
                    let seconds = threadSeconds() - start
                    if side == 1 { try db.execute(sql: "DROP TRIGGER probe_no_events") }
                    if round > 0 { perWrite[side, default: []].append(seconds / Double(block)) }
                }
            }
            return perWrite
        }
        let medians = (0..<3).map { side in perWrite[side]!.sorted()[perWrite[side]!.count / 2] * 1e6 }
        print(
            "writer thread CPU per write, median of \(perWrite[0]!.count) blocks of \(block): "
                + (0..<3).map { side in
                    String(
                        format: "%@ %.1f µs (%+.1f%%)", sides[side], medians[side],
                        (medians[side] / medians[0] - 1) * 100)
                }.joined(separator: ", "))
    }
}
