import Accounts
import Device
import Foundation
import Kernel
import Storage

/// This device's state in the tables of the device's file (`kith`'s SQLite): `identity_saved_accounts` (the credential
/// is the session's id: no raw token is kept), `identity_device` (the current account) and `identity_device_exit_lock`.
public struct SQLDeviceStore: DeviceStore {
    private let database: any SQLDatabase

    /// A store over `database`, which must have been opened with `IdentityMigrations.all` on SQLite.
    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func load() async throws -> DeviceState {
        try await database.read { try Self.state($0) }
    }

    public func update<T: Sendable>(
        durability: Durability, _ change: @Sendable (inout DeviceState) throws -> T
    ) async throws -> T {
        try await database.write(synchronous: durability == .immediate) { connection in
            let before = try Self.state(connection)
            var state = before
            let value = try change(&state)
            if state != before { try Self.store(state, connection) }
            return value
        }
    }

    private static let currentAccountKey = "current_account_id"

    private static func state(_ connection: any SQLConnection) throws -> DeviceState {
        let entries = try connection.query(
            """
            SELECT account_id, email, display_name, photo_url, account_type, auth_method, last_used, session_id
            FROM identity_saved_accounts
            """
        ).map { row in
            let sessionId: String? = row[7]
            return DeviceState.Entry(
                account: SavedAccount(
                    accountId: try row.string(0), email: try row.string(1), displayName: try row.string(2),
                    photoURL: row[3], accountType: AccountType(rawValue: try row.string(4)) ?? .private,
                    authMethod: AuthMethod(rawValue: try row.string(5)) ?? .password, lastUsed: try row.date(6)),
                credential: sessionId, sessionId: sessionId)
        }
        let current: String? = try connection.first(
            "SELECT value FROM identity_device WHERE key = ?", [currentAccountKey])?[0]
        let lock = try connection.first(
            "SELECT account_id, member_id, display_name FROM identity_device_exit_lock WHERE slot = 1"
        ).map {
            DeviceExitLock(accountId: try $0.string(0), memberId: try $0.string(1), displayName: try $0.string(2))
        }
        return DeviceState(entries: entries, currentAccountId: current, exitLock: lock)
    }

    /// Replaces the stored state with `state` (ten saved accounts at most: rewritten whole).
    private static func store(_ state: DeviceState, _ connection: any SQLConnection) throws {
        try connection.execute("DELETE FROM identity_saved_accounts")
        for entry in state.entries {
            let account = entry.account
            try connection.execute(
                """
                INSERT INTO identity_saved_accounts
                    (account_id, email, display_name, photo_url, account_type, auth_method, last_used, session_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    account.accountId, account.email, account.displayName, account.photoURL,
                    account.accountType.rawValue, account.authMethod.rawValue, account.lastUsed, entry.credential,
                ])
        }
        try connection.execute(
            "INSERT OR REPLACE INTO identity_device (key, value) VALUES (?, ?)",
            [currentAccountKey, state.currentAccountId])
        try connection.execute("DELETE FROM identity_device_exit_lock")
        if let lock = state.exitLock {
            try connection.execute(
                "INSERT INTO identity_device_exit_lock (slot, account_id, member_id, display_name) VALUES (1, ?, ?, ?)",
                [lock.accountId, lock.memberId, lock.displayName])
        }
    }
}
