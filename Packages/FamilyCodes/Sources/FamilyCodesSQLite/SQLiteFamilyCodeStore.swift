import FamilyCodes
import GRDB
import Identity
import IdentitySQLite
import Storage

/// `FamilyCodeStore` on the shared Kith SQLite file: each `write` is one GRDB write transaction in which
/// both FamilyCodes' and Identity's tables are read and written.
public final class SQLiteFamilyCodeStore: FamilyCodeStore {
    private let pool: DatabasePool

    /// A store over `database`, which must have been opened with `IdentityMigrations.all` and
    /// `FamilyCodesMigrations.all`.
    public init(database: KithDatabase) {
        pool = database.pool
    }

    public func read<T: Sendable>(
        _ body: @Sendable (any FamilyCodeStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await pool.read { db in try body(SQLiteFamilyCodeTransaction(db), SQLiteIdentityTransaction(db)) }
    }

    public func write<T: Sendable>(
        _ body: @Sendable (any FamilyCodeStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        // GRDB rolls back when `body` throws: no membership, no log row, no counted failure.
        try await pool.write { db in try body(SQLiteFamilyCodeTransaction(db), SQLiteIdentityTransaction(db)) }
    }
}
