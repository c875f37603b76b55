import FamilyCodes
import GRDB
import Identity
import IdentitySQLite
import Storage

/// `FamilyCodeStore` on the shared Kith SQLite file: each `write` is one GRDB write transaction in which
/// both FamilyCodes' and Identity's tables are read and written.
public final class SQLiteFamilyCodeStore: FamilyCodeStore {
    private let database: KithDatabase

    /// A store over `database`, which must have been opened with `IdentityMigrations.all` and
    /// `FamilyCodesMigrations.all`.
    public init(database: KithDatabase) {
        self.database = database
    }

    public func read<T: Sendable>(
        _ body: @Sendable (any FamilyCodeStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await database.read { db in try body(SQLiteFamilyCodeTransaction(db), SQLiteIdentityTransaction(db)) }
    }

    public func write<T: Sendable>(
        _ body: @Sendable (any FamilyCodeStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        // GRDB rolls back when `body` throws: no membership, no log row, no counted failure.
        try await write(durability: .normal, body)
    }

    public func write<T: Sendable>(
        durability: Durability,
        _ body: @Sendable (any FamilyCodeStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await database.write(synchronous: durability == .immediate) { db in
            try body(SQLiteFamilyCodeTransaction(db), SQLiteIdentityTransaction(db))
        }
    }
}
