import GRDB
import Identity
import Storage

/// This device's exit lock in its own table of the local file (`identity_device_exit_lock`, one row at most).
public final class SQLiteDeviceExitLockStore: DeviceExitLockStore {
    private let database: KithDatabase

    /// A store over `database`, which must have been opened with `IdentityMigrations.all`.
    public init(database: KithDatabase) {
        self.database = database
    }

    public func exitLock() async throws -> DeviceExitLock? {
        try await database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT account_id, member_id, display_name FROM identity_device_exit_lock WHERE slot = 1"
            ).map {
                DeviceExitLock(accountId: $0["account_id"], memberId: $0["member_id"], displayName: $0["display_name"])
            }
        }
    }

    public func setExitLock(_ lock: DeviceExitLock?) async throws {
        // Synchronous: a lock that a power cut could forget would let the child out.
        try await database.write(synchronous: true) { db in
            try db.execute(sql: "DELETE FROM identity_device_exit_lock")
            if let lock {
                try db.execute(
                    sql: """
                        INSERT INTO identity_device_exit_lock (slot, account_id, member_id, display_name)
                        VALUES (1, ?, ?, ?)
                        """,
                    arguments: [lock.accountId, lock.memberId, lock.displayName])
            }
        }
    }
}
