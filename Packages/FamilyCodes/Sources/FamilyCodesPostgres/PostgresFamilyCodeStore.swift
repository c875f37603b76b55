import FamilyCodes
import Identity
import IdentityPostgres
import PostgresStorage

/// `FamilyCodeStore` on PostgreSQL: each `read` (a snapshot) or `write` (SERIALIZABLE) is one transaction in which both
/// FamilyCodes' and Identity's tables are read and written, run again whole when it loses to a concurrent one (so
/// a join's lock check, lookup, membership and log row hold with any number of servers).
public final class PostgresFamilyCodeStore: FamilyCodeStore {
    private let database: PostgresDatabase

    /// A store over `database`, opened with `IdentityPostgresMigrations.all` and `FamilyCodesPostgresMigrations.all`.
    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func read<T: Sendable>(
        _ body: @Sendable (any FamilyCodeStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await database.read { connection in
            try body(PostgresFamilyCodeTransaction(connection), PostgresIdentityTransaction(connection))
        }
    }

    public func write<T: Sendable>(
        _ body: @Sendable (any FamilyCodeStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        // The database rolls back when `body` throws: no membership, no log row, no counted failure.
        try await database.write { connection in
            try body(PostgresFamilyCodeTransaction(connection), PostgresIdentityTransaction(connection))
        }
    }
}
