import Identity
import IdentitySQL
import Preferences
import Storage

/// `PreferencesStore` on SQL (the shared Kith SQLite file, or PostgreSQL): each `read` (a snapshot) or `write` is one
/// transaction, seen both as preferences and as Identity (`SQLIdentityTransaction` over the same connection). On
/// PostgreSQL a write is SERIALIZABLE and runs again whole when it loses to a concurrent one.
public final class SQLPreferencesStore: PreferencesStore {
    private let database: any SQLDatabase

    /// A store over `database`, opened with `IdentityMigrations.all` then `PreferencesMigrations.all`.
    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func read<T: Sendable>(
        _ body: @Sendable (any PreferencesStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await database.read { connection in
            try body(SQLPreferencesTransaction(connection), SQLIdentityTransaction(connection))
        }
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
        // The database rolls back when `body` throws: the preference and its acting record go together or not at all.
        try await database.write(synchronous: durability == .immediate) { connection in
            try body(SQLPreferencesTransaction(connection), SQLIdentityTransaction(connection))
        }
    }
}
