import Identity
import PostgresStorage

/// `IdentityStore` on PostgreSQL: each `read` (a snapshot) or `write` (SERIALIZABLE) is one transaction of the
/// database, run again whole when it loses to a concurrent one (so a body has no effect outside it).
public final class PostgresIdentityStore: IdentityStore {
    private let database: PostgresDatabase

    /// A store over `database`, which must have been opened with `IdentityPostgresMigrations.all`.
    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func read<T: Sendable>(_ body: @Sendable (any IdentityStoreTransaction) throws -> T) async throws -> T {
        try await database.read { connection in try body(PostgresIdentityTransaction(connection)) }
    }

    public func write<T: Sendable>(_ body: @Sendable (any IdentityStoreTransaction) throws -> T) async throws -> T {
        // The database rolls back when `body` throws, so a refused call leaves nothing behind.
        try await database.write { connection in try body(PostgresIdentityTransaction(connection)) }
    }
}
