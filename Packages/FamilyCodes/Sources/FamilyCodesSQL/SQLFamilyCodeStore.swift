import FamilyCodes
import Identity
import IdentitySQL
import Storage

/// `FamilyCodeStore` on SQL (the shared Kith SQLite file, or PostgreSQL): each `read` (a snapshot) or `write` is one
/// transaction in which both FamilyCodes' and Identity's tables are read and written. On PostgreSQL a write is
/// SERIALIZABLE and runs again whole when it loses to a concurrent one, so a join's lock check, lookup, membership
/// and log row hold with any number of servers.
public final class SQLFamilyCodeStore: FamilyCodeStore {
    private let database: any SQLDatabase

    /// A store over `database`, opened with `IdentityMigrations.all` and `FamilyCodesMigrations.all`.
    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func read<T: Sendable>(
        _ body: @Sendable (any FamilyCodeStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await database.read { connection in
            try body(SQLFamilyCodeTransaction(connection), SQLIdentityTransaction(connection))
        }
    }

    public func write<T: Sendable>(
        _ body: @Sendable (any FamilyCodeStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        // The database rolls back when `body` throws: no membership, no log row, no counted failure.
        try await write(durability: .normal, body)
    }

    public func write<T: Sendable>(
        durability: Durability,
        _ body: @Sendable (any FamilyCodeStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await database.write(synchronous: durability == .immediate) { connection in
            try body(SQLFamilyCodeTransaction(connection), SQLIdentityTransaction(connection))
        }
    }
}
