import Foundation
import GRDB
import SQLiteStorage
import Storage
import Testing

/// Another process writing the file while `kith` opens it: the open waits, like any busy write.
@Suite("Opening a file another connection is writing")
struct BusyFileTests {
    let folder = TemporaryFolder()

    /// A Kith file in rollback-journal mode, where a writer's EXCLUSIVE lock keeps every reader out.
    func kithFileInRollbackMode() throws -> String {
        let path = folder.path("busy.sqlite")
        _ = try SQLiteDatabase.open(at: path, features: [SQLiteDatabaseTests.notes(["one"])])
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = DELETE") }
        try queue.close()
        return path
    }

    /// Holds an EXCLUSIVE lock on `path` for `seconds` from its own connection; returns once the lock is held, with
    /// a semaphore signalled once the holder has committed and closed its connection.
    func holdExclusiveLock(on path: String, for seconds: Double) throws -> DispatchSemaphore {
        let held = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let queue = try DatabaseQueue(path: path)
        let thread = Thread {
            try? queue.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN EXCLUSIVE")
                try db.execute(sql: "INSERT INTO notes_one DEFAULT VALUES")
                held.signal()
                // kept: how long another connection holds the file locked is what these tests are about.
                Thread.sleep(forTimeInterval: seconds)
                try db.execute(sql: "COMMIT")
            }
            try? queue.close()
            done.signal()
        }
        thread.start()
        held.wait()
        return done
    }

    @Test func aFileLockedByAWriterIsWaitedForNotCalledForeign() throws {
        let path = try kithFileInRollbackMode()
        _ = try holdExclusiveLock(on: path, for: 0.4)
        let start = Date()
        let database = try SQLiteDatabase.open(at: path, features: [SQLiteDatabaseTests.notes(["one"])])
        #expect(Date().timeIntervalSince(start) >= 0.2)
        let count = try database.pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM notes_one") }
        #expect(count == 1)
    }

    @Test func aFileLockedLongerThanTheTimeoutIsBusyNotForeign() throws {
        let path = try kithFileInRollbackMode()
        let holderDone = try holdExclusiveLock(on: path, for: 1.0)
        do {
            _ = try SQLiteDatabase.open(
                at: path, features: [SQLiteDatabaseTests.notes(["one"])], busyTimeoutSeconds: 0.1)
            Issue.record("opened a file another connection held locked")
        } catch {
            #expect(error.code == .busy)
            #expect(!error.message.contains("not a Kith database"))
        }
        // Let the holder finish before the folder goes.
        #expect(holderDone.wait(timeout: .now() + 30) == .success, "the lock's holder did not finish")
    }
}
