import Circles
import GRDB
import Identity
import IdentitySQLite
import Storage

/// `CirclesStore` on the shared Kith SQLite file: each `write` is one GRDB write transaction in which both
/// Circles' and Identity's tables are read and written.
///
/// The change token is `PRAGMA data_version` of the pool's writer connection (it changes when any other
/// connection, in this process or another, commits) with that connection's `total_changes()`: SQLite's own
/// counter of the rows this process's writes changed, which `data_version` does not report. Every store on the
/// same `KithDatabase` shares that writer, so they all see each other's writes.
public final class SQLiteCirclesStore: CirclesStore {
    private let pool: DatabasePool

    /// A store over `database`, opened with `IdentityMigrations.all` and `CirclesMigrations.all`.
    public init(database: KithDatabase) {
        pool = database.pool
    }

    public func read<T: Sendable>(
        _ body: @Sendable (any CirclesStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await pool.read { db in try body(SQLiteCirclesTransaction(db), SQLiteIdentityTransaction(db)) }
    }

    public func write<T: Sendable>(
        _ body: @Sendable (any CirclesStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        // GRDB rolls back when `body` throws: a failed call leaves nothing behind.
        try await pool.write { db in try body(SQLiteCirclesTransaction(db), SQLiteIdentityTransaction(db)) }
    }

    public func changeToken() async throws -> ChangeToken {
        try await pool.writeWithoutTransaction { db in try SQLiteCirclesTransaction.token(db) }
    }
}
