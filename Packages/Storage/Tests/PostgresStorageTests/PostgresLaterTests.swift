import Foundation
import PostgresStorage
import PostgresStorageTesting
import Storage
import Testing

/// `PostgresConnection.later`: a statement queued to go out with the next one, in one round trip.
@Suite("Statements answered later, on a throwaway cluster")
struct PostgresLaterTests {
    struct Refused: Error {}

    static let select = "SELECT value FROM counters WHERE name = $1"

    func database(size: Int = 2) async throws -> PostgresDatabase {
        let database = try await TestPostgres.database([PostgresDatabaseTests.counters], size: size)
        try await database.write { connection in
            try connection.execute("INSERT INTO counters VALUES ($1, $2), ($3, $4)", ["a", 1, "b", 2])
        }
        return database
    }

    @Test func aQueuedStatementGoesOutWithTheNextAndEachGetsItsOwnAnswer() async throws {
        let database = try await database()
        let (queued, next) = try await database.read { connection in
            let queued = try connection.later(Self.select, ["a"])
            let next = try connection.first(Self.select, ["b"])?.int(0)
            return (try queued.first()?.int(0), next)
        }
        #expect(queued == 1)
        #expect(next == 2)
    }

    @Test func readingAQueuedAnswerFirstSendsItAtOnce() async throws {
        let database = try await database()
        let values = try await database.read { connection in
            let first = try connection.later(Self.select, ["b"])
            let second = try connection.later(Self.select, ["missing"])
            return [try first.first()?.int(0), try second.first()?.int(0)]
        }
        #expect(values == [2, nil])
    }

    /// Two statements new on the connection, prepared in the same pipeline, take different names.
    @Test func newStatementsInOnePipelineArePreparedUnderTheirOwnNames() async throws {
        let database = try await database(size: 1)
        let byValue = "SELECT name FROM counters WHERE value = $1"
        for _ in 0..<2 {
            let (name, value) = try await database.read { connection in
                let name = try connection.later(byValue, [2])
                let value = try connection.first(Self.select, ["a"])?.int(0)
                return (try name.first()?.string(0), value)
            }
            #expect(name == "b")
            #expect(value == 1)
        }
    }

    @Test func aQueuedStatementThatFailsFailsTheTransactionAndWritesNothing() async throws {
        let database = try await database()
        let error = await #expect(throws: StorageError.self) {
            try await database.write { connection in
                _ = try connection.later("INSERT INTO nowhere VALUES ($1)", [1])
                try connection.execute("INSERT INTO counters VALUES ($1, $2)", ["c", 3])
            }
        }
        #expect(error?.code == .failed)
        let names = try await database.read {
            try $0.query("SELECT name FROM counters ORDER BY name").map { try $0.string(0) }
        }
        #expect(names == ["a", "b"])
    }

    @Test func aQueuedWriteNobodyReadsIsCommittedWithItsTransaction() async throws {
        let database = try await database()
        try await database.write { connection in
            _ = try connection.later("INSERT INTO counters VALUES ($1, $2)", ["c", 3])
        }
        let value = try await database.read { try $0.first(Self.select, ["c"])?.int(0) }
        #expect(value == 3)
    }

    @Test func aQueuedWriteOfARefusedBodyIsNeverRun() async throws {
        let database = try await database()
        await #expect(throws: Refused.self) {
            try await database.write { connection in
                _ = try connection.later("INSERT INTO counters VALUES ($1, $2)", ["c", 3])
                throw Refused()
            }
        }
        let value = try await database.read { try $0.first(Self.select, ["c"])?.int(0) }
        #expect(value == nil)
        // The connection is still good for the next transaction.
        try await database.write { try $0.execute("INSERT INTO counters VALUES ($1, $2)", ["d", 4]) }
    }

    /// The last statement of a write, queued, goes out with the COMMIT in one pipeline: when it fails, the server skips
    /// the COMMIT, nothing is written, and the failure is the transaction's (not an unknown outcome).
    @Test func aQueuedWriteThatFailsBesideTheCommitWritesNothing() async throws {
        let database = try await database(size: 1)
        let error = await #expect(throws: StorageError.self) {
            try await database.write { connection in
                try connection.execute("INSERT INTO counters VALUES ($1, $2)", ["c", 3])
                _ = try connection.later("INSERT INTO counters VALUES ($1, $2)", ["a", 9])
            }
        }
        #expect(error?.code == .failed)
        let values = try await database.read {
            try $0.query("SELECT name, value FROM counters ORDER BY name").map {
                "\(try $0.string(0))=\(try $0.int(1))"
            }
        }
        #expect(values == ["a=1", "b=2"])
        // The same connection commits the next write.
        try await database.write { connection in
            try connection.execute("INSERT INTO counters VALUES ($1, $2)", ["d", 4])
            _ = try connection.later("UPDATE counters SET value = value + 1 WHERE name = $1", ["d"])
        }
        #expect(try await database.read { try $0.first(Self.select, ["d"])?.int(0) } == 5)
    }
}
