import GRDB
import Identity
import Storage

/// `IdentityStore` on the shared Kith SQLite file: each `write` is one GRDB write transaction.
///
/// The file is a device's (`kith`'s), so it keeps this device's state too (a `DeviceIdentityStore`).
public final class SQLiteIdentityStore: DeviceIdentityStore {
    private let database: KithDatabase

    /// A store over `database`, which must have been opened with `IdentityMigrations.all`.
    public init(database: KithDatabase) {
        self.database = database
    }

    public func read<T: Sendable>(_ body: @Sendable (any IdentityStoreTransaction) throws -> T) async throws -> T {
        try await database.read { db in try body(SQLiteIdentityTransaction(db)) }
    }

    public func write<T: Sendable>(_ body: @Sendable (any IdentityStoreTransaction) throws -> T) async throws -> T {
        // GRDB rolls back when `body` throws, so a refused call leaves nothing behind.
        try await write(durability: .normal, body)
    }

    public func write<T: Sendable>(
        durability: Durability, _ body: @Sendable (any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await database.write(synchronous: durability == .immediate) { db in try body(SQLiteIdentityTransaction(db))
        }
    }

    public func readWithDevice<T: Sendable>(
        _ body: @Sendable (any DeviceIdentityTransaction) throws -> T
    ) async throws -> T {
        try await database.read { db in try body(SQLiteIdentityTransaction(db)) }
    }

    public func writeWithDevice<T: Sendable>(
        durability: Durability, _ body: @Sendable (any DeviceIdentityTransaction) throws -> T
    ) async throws -> T {
        try await database.write(synchronous: durability == .immediate) { db in try body(SQLiteIdentityTransaction(db))
        }
    }
}
