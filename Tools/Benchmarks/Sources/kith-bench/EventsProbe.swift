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
        let withEvent = parts[1] == "with"
        // A few writes first, so the statement caches are warm in both cases.
        for number in 0..<(count + 20) {
            try await EventsBenchmark.write(store, account: accounts[0], number: number, withEvent: withEvent)
        }
    }
}
