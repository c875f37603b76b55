import Identity
import IdentityPostgres
import PostgresStorage
import Preferences

/// `PreferencesStore` on PostgreSQL: each `read` (a snapshot) or `write` (SERIALIZABLE) is one transaction, seen both
/// as preferences and as Identity (`PostgresIdentityTransaction` over the same connection), run again whole when it
/// loses to a concurrent one.
public final class PostgresPreferencesStore: PreferencesStore {
    private let database: PostgresDatabase

    /// A store over `database`, opened with `IdentityPostgresMigrations.all` then `PreferencesPostgresMigrations.all`.
    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func read<T: Sendable>(
        _ body: @Sendable (any PreferencesStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await database.read { connection in
            try body(PostgresPreferencesTransaction(connection), PostgresIdentityTransaction(connection))
        }
    }

    public func write<T: Sendable>(
        _ body: @Sendable (any PreferencesStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        // The database rolls back when `body` throws: the preference and its acting record go together or not at all.
        try await database.write { connection in
            try body(PostgresPreferencesTransaction(connection), PostgresIdentityTransaction(connection))
        }
    }
}
