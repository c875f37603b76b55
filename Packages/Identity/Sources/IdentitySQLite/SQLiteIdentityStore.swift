import GRDB
import Identity
import Storage

/// `IdentityStore` on the shared Kith SQLite file: each `write` is one GRDB write transaction.
public final class SQLiteIdentityStore: IdentityStore {
    private let pool: DatabasePool

    /// A store over `database`, which must have been opened with `IdentityMigrations.all`.
    public init(database: KithDatabase) {
        pool = database.pool
    }

    public func read<T: Sendable>(_ body: @Sendable (any IdentityStoreTransaction) throws -> T) async throws -> T {
        try await pool.read { db in try body(SQLiteIdentityTransaction(db)) }
    }

    public func write<T: Sendable>(_ body: @Sendable (any IdentityStoreTransaction) throws -> T) async throws -> T {
        // GRDB rolls back when `body` throws, so a refused call leaves nothing behind.
        try await pool.write { db in try body(SQLiteIdentityTransaction(db)) }
    }
}
