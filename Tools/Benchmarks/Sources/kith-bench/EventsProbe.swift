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
    /// write, in blocks of BLOCK writes that alternate without and with the event, each write its own transaction run
    /// as the store runs it, committed. No hop between threads is timed, and a slow stretch of the machine weighs on
    /// both sides alike, so the difference repeats from run to run where whole-process times do not.
    static func alternate(_ database: SQLiteDatabase, account: Account, block: Int) throws {
        func threadSeconds() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        let perWrite = try database.pool.writeWithoutTransaction { db -> [Bool: [Double]] in
            var perWrite: [Bool: [Double]] = [:]
            var number = 0
            for round in 0..<17 {
                for withEvent in EventsBenchmark.order(ofRound: round) {
                    let start = threadSeconds()
                    for _ in 0..<block {
                        number += 1
                        try db.inTransaction {
                            try EventsBenchmark.writeBody(
                                SQLIdentityTransaction(SQLiteConnection(db)), account: account, number: number,
                                withEvent: withEvent)
                            return .commit
                        }
                    }
                    // The first pair warms up, uncounted.
                    if round > 0 { perWrite[withEvent, default: []].append((threadSeconds() - start) / Double(block)) }
                }
            }
            return perWrite
        }
        let without = perWrite[false]!.sorted()[perWrite[false]!.count / 2] * 1e6
        let with = perWrite[true]!.sorted()[perWrite[true]!.count / 2] * 1e6
        print(
            String(
                format:
                    "writer thread CPU per write, median of %d blocks of %d: without %.1f µs, with %.1f µs (%+.1f%%)",
                perWrite[false]!.count, block, without, with, (with / without - 1) * 100))
    }
}
