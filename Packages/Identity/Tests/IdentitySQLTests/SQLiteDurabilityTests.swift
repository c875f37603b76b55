import Foundation
import GRDB
import IdentitySQL
import Kernel
import SQLiteStorage
import Storage
import Synchronization
import Testing

/// The SQLite stores carry out the durability the domain asks for: an immediate write commits under
/// `synchronous=FULL` on the writer connection, a normal one under NORMAL.
@Suite("The SQLite store's durable commits")
struct SQLiteDurabilityTests {
    /// Both stores of `kith`'s file: Identity's, and this device's (whose exit lock is written `.immediate`).
    @Test(arguments: [false, true])
    func anImmediateWriteCommitsUnderFullAndANormalOneUnderNormal(deviceStore: Bool) async throws {
        let folder = TemporaryFolder()
        let database = try SQLiteDatabase.open(at: folder.path("k.sqlite"), features: [IdentityMigrations.all])
        let store = SQLStore(identityOn: database)
        let device = SQLDeviceStore(database: database)
        let seen = Mutex<[String]>([])
        try await database.pool.writeWithoutTransaction { db in
            db.trace { event in seen.withLock { $0.append("\(event)") } }
        }
        let synchronous = { @Sendable in
            try await database.pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        }
        /// One write as `durability` asks (nil: the plain `write`).
        let write = { @Sendable (durability: Durability?) in
            switch (deviceStore, durability) {
            case (false, let durability?):
                try await store.write(durability: durability) { try $0.endSession(id: "none") }
            case (false, nil): try await store.write { try $0.endSession(id: "none") }
            case (true, let durability?): try await device.update(durability: durability) { $0.currentAccountId = nil }
            case (true, nil): try await device.update { $0.currentAccountId = nil }
            }
        }
        try await write(nil)
        try await write(.immediate)
        #expect(try await synchronous() == 1)
        try await write(.normal)
        let statements = seen.withLock { $0 }.filter {
            $0.hasPrefix("PRAGMA synchronous") || $0 == "COMMIT TRANSACTION"
        }
        #expect(
            statements == [
                "COMMIT TRANSACTION", "PRAGMA synchronous = FULL", "COMMIT TRANSACTION", "PRAGMA synchronous = NORMAL",
                "PRAGMA synchronous", "COMMIT TRANSACTION",
            ])
    }
}
