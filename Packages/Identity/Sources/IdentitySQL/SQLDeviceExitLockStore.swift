import Identity
import Storage

/// This device's exit lock in its own table of the device's file (`identity_device_exit_lock`, one row at most).
public final class SQLDeviceExitLockStore: DeviceExitLockStore {
    private let database: any SQLDatabase

    /// A store over `database`, which must have been opened with `IdentityMigrations.all`.
    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func exitLock() async throws -> DeviceExitLock? {
        try await database.read { connection in
            try connection.first(
                "SELECT account_id, member_id, display_name FROM identity_device_exit_lock WHERE slot = 1"
            ).map {
                DeviceExitLock(accountId: try $0.string(0), memberId: try $0.string(1), displayName: try $0.string(2))
            }
        }
    }

    public func setExitLock(_ lock: DeviceExitLock?) async throws {
        // Synchronous: a lock that a power cut could forget would let the child out.
        try await database.write(synchronous: true) { connection in
            try connection.execute("DELETE FROM identity_device_exit_lock")
            if let lock {
                try connection.execute(
                    """
                    INSERT INTO identity_device_exit_lock (slot, account_id, member_id, display_name)
                    VALUES (1, ?, ?, ?)
                    """,
                    [lock.accountId, lock.memberId, lock.displayName])
            }
        }
    }
}
