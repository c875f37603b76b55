import Foundation
import PostgresStorage
import PostgresStorageTesting
import Storage
import Testing

@Suite("PostgresDatabase on a throwaway cluster")
struct PostgresDatabaseTests {
    static let counters = FeatureMigrations(
        feature: "test",
        migrations: [
            Migration("counters", "CREATE TABLE counters (name TEXT PRIMARY KEY, value BIGINT NOT NULL)"),
            Migration("stamps", "CREATE TABLE stamps (id INT PRIMARY KEY, at TIMESTAMPTZ NOT NULL)"),
        ])

    struct Refused: Error {}

    @Test func writesCommitAndAThrowingBodyLeavesNothing() async throws {
        let database = try await TestPostgres.database([Self.counters])
        try await database.write { try $0.execute("INSERT INTO counters VALUES ($1, $2)", ["a", 1]) }
        await #expect(throws: Refused.self) {
            try await database.write { connection in
                try connection.execute("INSERT INTO counters VALUES ($1, $2)", ["b", 2])
                throw Refused()
            }
        }
        let names = try await database.read {
            try $0.query("SELECT name FROM counters ORDER BY name").map { try $0.string(0) }
        }
        #expect(names == ["a"])
    }

    /// A statement with parameters is prepared once per connection and reused, across transactions (a rolled back
    /// one included) and with other values.
    @Test func aStatementIsPreparedOncePerConnection() async throws {
        let database = try await TestPostgres.database([Self.counters], size: 1)
        let select = "SELECT value FROM counters WHERE name = $1"
        try await database.write { try $0.execute("INSERT INTO counters VALUES ($1, $2)", ["a", 1]) }
        await #expect(throws: Refused.self) {
            try await database.write { connection in
                _ = try connection.first(select, ["a"])
                throw Refused()
            }
        }
        let values = try await database.read { connection in
            [try connection.first(select, ["a"])?.int(0), try connection.first(select, ["b"])?.int(0)]
        }
        #expect(values == [1, nil])
        let prepared = try await database.read { connection in
            try connection.query("SELECT statement FROM pg_prepared_statements ORDER BY statement").map {
                try $0.string(0)
            }
        }
        #expect(prepared == ["INSERT INTO counters VALUES ($1, $2)", select])
    }

    @Test func timestampsKeepMicrosecondsAndWorkBefore1970() async throws {
        let database = try await TestPostgres.database([Self.counters])
        let dates = [
            Date(timeIntervalSince1970: 1_795_000_000.123456), Date(timeIntervalSince1970: -86_400.5),
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 951_782_400),  // 2000-02-29
        ]
        for (index, date) in dates.enumerated() {
            try await database.write { try $0.execute("INSERT INTO stamps VALUES ($1, $2)", [index, date]) }
        }
        let read = try await database.read { try $0.query("SELECT at FROM stamps ORDER BY id").map { try $0.date(0) } }
        for (written, back) in zip(dates, read) {
            #expect(abs(written.timeIntervalSince1970 - back.timeIntervalSince1970) < 0.000_001)
        }
        let leap = try await database.read { try $0.first("SELECT to_char(at, 'YYYY-MM-DD') FROM stamps WHERE id = 3") }
        #expect(leap?[0] == "2000-02-29")
    }

    /// Read-then-write from many tasks at once: SERIALIZABLE refuses the lost updates and the bodies run again.
    @Test func concurrentReadThenWriteLosesNothing() async throws {
        let database = try await TestPostgres.database([Self.counters], size: 6)
        try await database.write { try $0.execute("INSERT INTO counters VALUES ('hits', 0)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<12 {
                group.addTask {
                    for _ in 0..<10 {
                        try await database.write { connection in
                            let value =
                                try connection.first("SELECT value FROM counters WHERE name = 'hits'")?.int(0) ?? 0
                            try connection.execute("UPDATE counters SET value = $1 WHERE name = 'hits'", [value + 1])
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let hits = try await database.read { try $0.first("SELECT value FROM counters WHERE name = 'hits'")?.int(0) }
        #expect(hits == 120)
        #expect(database.counters.retries > 0)
    }

    @Test func serversStartingTogetherMigrateOnce() async throws {
        let url = try await TestPostgres.freshSchemaURL()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { _ = try await PostgresDatabase.open(url: url, features: [Self.counters]) }
            }
            try await group.waitForAll()
        }
        let database = try await PostgresDatabase.open(url: url, features: [Self.counters])
        #expect(try await database.appliedMigrations() == ["test.1-counters", "test.2-stamps"])
        // A database migrated further than this build knows (a fleet in the middle of an upgrade) is served as it
        // is: nothing applied, the newer step reported, and nothing pending.
        let older = FeatureMigrations(feature: "test", migrations: [Self.counters.migrations[0]])
        let olderServer = try await PostgresDatabase.open(url: url, features: [older])
        let status = try await olderServer.migrationStatus([older])
        #expect(status.unknown == ["test.2-stamps"] && status.isCurrent)
        #expect(try await olderServer.migrate([older]).pending.isEmpty)
        #expect(try await database.appliedMigrations() == ["test.1-counters", "test.2-stamps"])
    }

    @Test func aStatementErrorIsAStorageFailureNotACrash() async throws {
        let database = try await TestPostgres.database([Self.counters])
        let error = await #expect(throws: StorageError.self) {
            try await database.write { try $0.execute("INSERT INTO nowhere VALUES (1)") }
        }
        #expect(error?.code == .failed)
        // The connection is still good for the next transaction.
        try await database.write { try $0.execute("INSERT INTO counters VALUES ('after', 1)") }
    }

    @Test func aPoolSmallerThanTheCallersMakesThemWaitTheirTurn() async throws {
        let database = try await TestPostgres.database([Self.counters], size: 2)
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<20 {
                group.addTask { try await database.read { try $0.first("SELECT $1::int", [index])?.int(0) ?? -1 } }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values.sorted() == Array(0..<20))
        let usage = await database.poolUsage()
        #expect(usage.inUse == 0 && usage.waiting == 0)
    }
}
