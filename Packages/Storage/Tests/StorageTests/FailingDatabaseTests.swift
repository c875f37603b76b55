import Foundation
import PostgresStorage
import PostgresStorageTesting
import SQLiteStorage
import Storage
import StorageTesting
import Testing

/// `FailingDatabase` fails the statements it is told to, on either engine, and the transaction around a failed one
/// keeps nothing; every other statement runs as it would without it.
@Suite("A failing database")
struct FailingDatabaseTests {
    enum Engine: String, CaseIterable, CustomTestStringConvertible {
        case sqlite
        case postgres

        var testDescription: String { rawValue }
    }

    static let notes = FeatureMigrations(
        feature: "notes",
        migrations: [Migration("notes.1-create", "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")])

    /// A fresh database with the `notes` table on `engine`, and the folder of its file (SQLite) to keep until the end.
    static func open(_ engine: Engine) async throws -> (FailingDatabase, TemporaryFolder) {
        let folder = TemporaryFolder()
        switch engine {
        case .sqlite:
            return (
                FailingDatabase(try SQLiteDatabase.open(at: folder.path("notes.sqlite"), features: [notes])), folder
            )
        case .postgres:
            return (FailingDatabase(try await TestPostgres.database([notes], size: 2)), folder)
        }
    }

    static func insert(_ connection: any SQLConnection, _ ids: ClosedRange<Int>) throws {
        for id in ids { try connection.execute("INSERT INTO notes (id, body) VALUES (?, ?)", [id, "note \(id)"]) }
    }

    static func ids(_ database: FailingDatabase) async throws -> [Int] {
        try await database.read { try $0.query("SELECT id FROM notes ORDER BY id").map { try $0.int(0) } }
    }

    @Test(arguments: Engine.allCases)
    func theNthMatchingStatementFailsAndItsTransactionKeepsNothing(_ engine: Engine) async throws {
        let (database, folder) = try await Self.open(engine)
        defer { withExtendedLifetime(folder) {} }
        #expect(database.dialect == (engine == .sqlite ? .sqlite : .postgres))
        database.fail("INSERT INTO notes", at: 3)
        await #expect(
            throws: InjectedStatementFailure(sql: "INSERT INTO notes (id, body) VALUES (?, ?)")
        ) {
            try await database.write(synchronous: false) { try Self.insert($0, 1...5) }
        }
        #expect(database.matches == 3)
        #expect(try await Self.ids(database).isEmpty)
        // Only the third failed: the next ones run.
        try await database.write(synchronous: false) { try Self.insert($0, 1...5) }
        #expect(try await Self.ids(database) == [1, 2, 3, 4, 5])
        #expect(database.matches == 8)
        #expect(
            "\(InjectedStatementFailure(sql: "DELETE FROM notes"))" == "Injected failure of: DELETE FROM notes")
    }

    @Test(arguments: Engine.allCases)
    func everyMatchingStatementFailsWithTheGivenErrorUntilToldToStop(_ engine: Engine) async throws {
        let (database, folder) = try await Self.open(engine)
        defer { withExtendedLifetime(folder) {} }
        try await database.write(synchronous: false) { try Self.insert($0, 1...2) }
        let unavailable = StorageError(.unavailable, "The database server at localhost:5432 cannot be reached")
        database.failEvery("DELETE", with: unavailable)
        for _ in 1...2 {
            await #expect(throws: unavailable) {
                try await database.write(synchronous: false) { try $0.execute("DELETE FROM notes WHERE id = ?", [1]) }
            }
        }
        // Statements that do not match run.
        try await database.write(synchronous: false) { try Self.insert($0, 3...3) }
        #expect(try await Self.ids(database) == [1, 2, 3])
        // The empty pattern matches every statement, reads included.
        database.failEvery("")
        await #expect(throws: InjectedStatementFailure(sql: "SELECT id FROM notes ORDER BY id")) {
            try await Self.ids(database)
        }
        database.stopFailing()
        try await database.write(synchronous: false) { try $0.execute("DELETE FROM notes WHERE id = ?", [1]) }
        #expect(try await Self.ids(database) == [2, 3])
    }

    @Test func aTemporarySQLiteFileGoesWithItsDatabase() async throws {
        let folders = {
            Set(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()))
                .filter { $0.hasPrefix("kith-failing-") }
        }
        let before = try folders()
        var database: FailingDatabase? = try FailingDatabase.temporarySQLite([Self.notes])
        let made = try folders().subtracting(before)
        #expect(made.count == 1)
        try await #require(database).write(synchronous: false) { try Self.insert($0, 1...2) }
        #expect(try await Self.ids(#require(database)) == [1, 2])
        database = nil
        #expect(try folders().isDisjoint(with: made))
    }

    @Test(arguments: Engine.allCases)
    func statementsAreCountedByWhatTheyContainQueuedOnesIncluded(_ engine: Engine) async throws {
        let (database, folder) = try await Self.open(engine)
        defer { withExtendedLifetime(folder) {} }
        try await database.write(synchronous: false) { try Self.insert($0, 1...3) }
        let bodies = try await database.read { connection in
            let first = try connection.later("SELECT body FROM notes WHERE id = ?", [1])
            let second = try connection.later("SELECT body FROM notes WHERE id = ?", [2])
            return [try first.first()?.string(0), try second.first()?.string(0)]
        }
        #expect(bodies == ["note 1", "note 2"])
        #expect(database.count("INSERT INTO notes") == 3)
        #expect(database.count("SELECT body FROM notes") == 2)
        #expect(database.count("notes") == 5)
        #expect(database.count("UPDATE") == 0)
        #expect(database.count("") == 5)
        // A queued statement fails when it is queued.
        database.fail("SELECT body")
        await #expect(throws: InjectedStatementFailure(sql: "SELECT body FROM notes WHERE id = ?")) {
            try await database.read { try $0.later("SELECT body FROM notes WHERE id = ?", [1]).rows() }
        }
    }
}
