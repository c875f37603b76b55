import Foundation
import GRDB
import SQLiteStorage
import Storage
import Testing

/// Reads run on connections of their own (`ReaderConnections`), falling back to GRDB's pool when all are busy: a read
/// sees every write committed before it, never writes, and closing leaves the file as a clean close of the pool does.
@Suite("Reading the database file")
struct ReadTests {
    let folder = TemporaryFolder()

    func open() throws -> SQLiteDatabase {
        try SQLiteDatabase.open(at: folder.path("read.sqlite"), features: [SQLiteDatabaseTests.notes(["one"])])
    }

    static func count(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM notes_one") ?? -1
    }

    @Test func everyReadSeesTheWritesCommittedBeforeIt() async throws {
        let database = try open()
        for written in 1...20 {
            try await database.writeDatabase { db in try db.execute(sql: "INSERT INTO notes_one DEFAULT VALUES") }
            #expect(try await database.readDatabase(Self.count) == written)
        }
    }

    @Test func aReadIsOneSnapshotWhateverCommitsMeanwhile() async throws {
        let database = try open()
        try await database.writeDatabase { db in try db.execute(sql: "INSERT INTO notes_one DEFAULT VALUES") }
        let counts = try await database.readDatabase { db in
            let before = try Self.count(db)
            // A write commits on another thread while this read is still open.
            let written = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                try? database.pool.write { try $0.execute(sql: "INSERT INTO notes_one DEFAULT VALUES") }
                written.signal()
            }
            written.wait()
            return (before, try Self.count(db))
        }
        #expect(counts == (1, 1))
        #expect(try await database.readDatabase(Self.count) == 2)
    }

    @Test func moreReadsAtOnceThanConnectionsAllAnswer() async throws {
        let database = try open()
        try await database.writeDatabase { db in try db.execute(sql: "INSERT INTO notes_one DEFAULT VALUES") }
        // Each read holds its connection long enough for the others to find every connection busy.
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    try await database.readDatabase { db in
                        usleep(2_000)  // kept: the hold on the connection is the test's point
                        return try Self.count(db)
                    }
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 1, count: 40))
    }

    @Test func aReadCannotWrite() async throws {
        let database = try open()
        // SQLite refuses it as it refuses any write to a read-only connection (as GRDB's pool readers did).
        await #expect(throws: StorageError.self) {
            try await database.readDatabase { db in try db.execute(sql: "INSERT INTO notes_one DEFAULT VALUES") }
        }
        #expect(try await database.readDatabase(Self.count) == 0)
    }

    @Test func closingAfterReadsCheckpointsAndRemovesTheLog() async throws {
        let path = folder.path("read.sqlite")
        let database = try open()
        try await database.writeDatabase { db in try db.execute(sql: "INSERT INTO notes_one DEFAULT VALUES") }
        _ = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try await database.readDatabase(Self.count) } }
            return try await group.reduce(0, +)
        }
        try database.close()
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        let queue = try DatabaseQueue(path: path)
        #expect(try await queue.read(Self.count) == 1)
        await #expect(throws: (any Error).self) { try await database.readDatabase(Self.count) }
    }
}
