import Foundation
import GRDB
import SQLiteStorage
import Storage
import Synchronization
import Testing

/// DOMAIN.md, "Durability": every connection runs WAL with `synchronous=NORMAL`; a synchronous write switches the
/// writer connection to FULL for its one commit, and back, whatever the commit's outcome.
@Suite("Synchronous commits")
struct SynchronousCommitTests {
    let folder = TemporaryFolder()

    func open() throws -> SQLiteDatabase {
        try SQLiteDatabase.open(at: folder.path("sync.sqlite"), features: [SQLiteDatabaseTests.notes(["one"])])
    }

    static func synchronous(_ db: Database) throws -> Int { try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }

    @Test func aSynchronousCommitRunsWithFullAndTheOthersWithNormal() async throws {
        let database = try open()
        // 1 = NORMAL, 2 = FULL.
        #expect(try await database.writeDatabase { db in try Self.synchronous(db) } == 1)
        #expect(try await database.readDatabase { db in try Self.synchronous(db) } == 1)
        let during = try await database.writeDatabase(synchronous: true) { db in
            try db.execute(sql: "INSERT INTO notes_one DEFAULT VALUES")
            return (try Self.synchronous(db), db.isInsideTransaction)
        }
        #expect(during.0 == 2 && during.1)
        #expect(try await database.writeDatabase { db in try Self.synchronous(db) } == 1)
        #expect(
            try await database.readDatabase { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM notes_one") } == 1)
        #expect(try await database.readDatabase { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
    }

    @Test func aFailedSynchronousWriteRollsBackAndRestoresNormal() async throws {
        struct Refused: Error {}
        let database = try open()
        await #expect(throws: Refused.self) {
            try await database.writeDatabase(synchronous: true) { db in
                try db.execute(sql: "INSERT INTO notes_one DEFAULT VALUES")
                throw Refused()
            }
        }
        #expect(try await database.writeDatabase { db in try Self.synchronous(db) } == 1)
        #expect(
            try await database.readDatabase { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM notes_one") } == 0)
    }

    @Test func theCommitItselfRunsUnderFull() async throws {
        let database = try open()
        let seen = Mutex<[String]>([])
        try await database.pool.writeWithoutTransaction { db in
            db.trace { event in seen.withLock { $0.append("\(event)") } }
        }
        try await database.writeDatabase(synchronous: true) { db in
            try db.execute(sql: "INSERT INTO notes_one DEFAULT VALUES")
        }
        try await database.writeDatabase { db in try db.execute(sql: "INSERT INTO notes_one DEFAULT VALUES") }
        let statements = seen.withLock { $0 }.filter {
            $0.hasPrefix("PRAGMA synchronous") || $0 == "COMMIT TRANSACTION"
        }
        #expect(
            statements == [
                "PRAGMA synchronous = FULL", "COMMIT TRANSACTION", "PRAGMA synchronous = NORMAL", "COMMIT TRANSACTION",
            ])
    }

    @Test func aStorageFailureNamesTheFileAndTheCause() throws {
        let error = DatabaseError(resultCode: .SQLITE_READONLY, message: "attempt to write a readonly database")
        let storage = try #require(SQLiteDatabase.storageError(error, path: "/tmp/k.sqlite"))
        #expect(storage.code == .readOnly)
        #expect(storage.message == "The database /tmp/k.sqlite is read-only: attempt to write a readonly database")
        #expect(SQLiteDatabase.storageError(DatabaseError(resultCode: .SQLITE_FULL), path: "/k")?.code == .unavailable)
        #expect(SQLiteDatabase.storageError(DatabaseError(resultCode: .SQLITE_BUSY), path: "/k")?.code == .busy)
        #expect(SQLiteDatabase.storageError(DatabaseError(resultCode: .SQLITE_CONSTRAINT), path: "/k") == nil)
    }
}
