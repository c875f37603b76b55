import Circles
import GRDB
import Identity
import IdentitySQLite
import Storage

/// `CirclesStore` on the shared Kith SQLite file: each `write` is one GRDB write transaction in which both
/// Circles' and Identity's tables are read and written.
///
/// An owner's change token is the owner's `circles_owner_versions` row, which triggers bump on every change to a
/// row of that owner by any connection of any process, in the same transaction: read on any connection, it is the
/// version of the owner's data that connection sees. With it goes the connection's `total_changes()`, so a token seen inside a
/// transaction that rolled back is never matched again (see `SQLiteCirclesTransaction.token`).
public final class SQLiteCirclesStore: CirclesStore {
    private let database: KithDatabase

    /// A store over `database`, opened with `IdentityMigrations.all` and `CirclesMigrations.all`.
    public init(database: KithDatabase) {
        self.database = database
    }

    public func read<T: Sendable>(
        _ body: @Sendable (any CirclesStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await database.read { db in try body(SQLiteCirclesTransaction(db), SQLiteIdentityTransaction(db)) }
    }

    public func write<T: Sendable>(
        _ body: @Sendable (any CirclesStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        // GRDB rolls back when `body` throws: a failed call leaves nothing behind.
        try await write(durability: .normal, body)
    }

    public func write<T: Sendable>(
        durability: Durability,
        _ body: @Sendable (any CirclesStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await database.write(synchronous: durability == .immediate) { db in
            try body(SQLiteCirclesTransaction(db), SQLiteIdentityTransaction(db))
        }
    }

    public func changeToken(owner: String) async throws -> ChangeToken {
        try await database.read { db in try SQLiteCirclesTransaction.token(db, owner: owner) }
    }
}
