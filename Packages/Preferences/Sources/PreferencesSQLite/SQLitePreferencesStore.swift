import GRDB
import Identity
import IdentitySQLite
import Preferences
import Storage

/// `PreferencesStore` on the shared Kith SQLite file: each `write` is one GRDB write transaction, seen both
/// as preferences and as Identity (`SQLiteIdentityTransaction` over the same `Database`).
public final class SQLitePreferencesStore: PreferencesStore {
    private let database: KithDatabase

    /// A store over `database`, opened with `IdentityMigrations.all` then `PreferencesMigrations.all`.
    public init(database: KithDatabase) {
        self.database = database
    }

    public func read<T: Sendable>(
        _ body: @Sendable (any PreferencesStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await database.read { db in try body(SQLitePreferencesTransaction(db), SQLiteIdentityTransaction(db)) }
    }

    public func write<T: Sendable>(
        _ body: @Sendable (any PreferencesStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await write(durability: .normal, body)
    }

    public func write<T: Sendable>(
        durability: Durability,
        _ body: @Sendable (any PreferencesStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        // GRDB rolls back when `body` throws: the preference and its acting record go together or not at all.
        try await database.write(synchronous: durability == .immediate) { db in
            try body(SQLitePreferencesTransaction(db), SQLiteIdentityTransaction(db))
        }
    }
}
