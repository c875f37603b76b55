import Circles
import Identity
import IdentitySQL
import Storage

/// `CirclesStore` on an SQL database, SQLite's shared Kith file or PostgreSQL's pool: each `read` (one snapshot) or
/// `write` is one transaction in which both Circles' and Identity's tables are read and written. On PostgreSQL a
/// write is SERIALIZABLE and runs again whole when it loses to a concurrent one (so a per-owner cap, such as ten
/// pending requests from one viewer, holds with any number of servers); on SQLite writes take turns.
///
/// An owner's change token is the owner's `circles_versions` row, which triggers bump on every change to a row of
/// that owner by any connection, process or server, in the same transaction: read in any transaction, it is the
/// version of the owner's data that transaction sees. Writes to different accounts bump different rows, so they
/// never wait for each other; see `SQLCirclesTransaction` for the token of a transaction that has written.
public final class SQLCirclesStore: CirclesStore {
    private let database: any SQLDatabase

    /// A store over `database`, opened with `IdentityMigrations.all` and `CirclesMigrations.all`.
    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func read<T: Sendable>(
        _ body: @Sendable (any CirclesStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await database.read { connection in
            try body(SQLCirclesTransaction(connection), SQLIdentityTransaction(connection))
        }
    }

    public func write<T: Sendable>(
        _ body: @Sendable (any CirclesStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        // The database rolls back when `body` throws: a failed call leaves nothing behind.
        try await write(durability: .normal, body)
    }

    public func write<T: Sendable>(
        durability: Durability,
        _ body: @Sendable (any CirclesStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await database.write(synchronous: durability == .immediate) { connection in
            try body(SQLCirclesTransaction(connection), SQLIdentityTransaction(connection))
        }
    }

    public func changeToken(owner: String) async throws -> ChangeToken {
        try await database.read { connection in
            ChangeToken(external: try SQLCirclesTransaction.version(of: owner, connection), local: 0)
        }
    }
}
