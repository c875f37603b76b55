import Circles
import Identity
import IdentityPostgres
import PostgresStorage

/// `CirclesStore` on PostgreSQL: each `read` (a snapshot) or `write` (SERIALIZABLE) is one transaction in which both
/// Circles' and Identity's tables are read and written, run again whole when it loses to a concurrent one (so a
/// per-owner cap, such as ten pending requests from one viewer, holds with any number of servers).
///
/// The change token is kept per owner account (`circles_versions`), so writes to different accounts never wait for
/// each other; see `PostgresCirclesTransaction` for a transaction's token.
public final class PostgresCirclesStore: CirclesStore {
    private let database: PostgresDatabase

    /// A store over `database`, opened with `IdentityPostgresMigrations.all` and `CirclesPostgresMigrations.all`.
    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func read<T: Sendable>(
        _ body: @Sendable (any CirclesStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await database.read { connection in
            try body(PostgresCirclesTransaction(connection), PostgresIdentityTransaction(connection))
        }
    }

    public func write<T: Sendable>(
        _ body: @Sendable (any CirclesStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        // The database rolls back when `body` throws: a failed call leaves nothing behind.
        try await database.write { connection in
            try body(PostgresCirclesTransaction(connection), PostgresIdentityTransaction(connection))
        }
    }

    public func changeToken(owner: String) async throws -> ChangeToken {
        try await database.read { connection in
            ChangeToken(external: try PostgresCirclesTransaction.version(of: owner, connection), local: 0)
        }
    }
}
