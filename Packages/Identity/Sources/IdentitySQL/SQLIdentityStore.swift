import Identity
import Storage

/// `IdentityStore` on an SQL database: each `read` (one snapshot) or `write` is one transaction of the database,
/// rolled back when its body throws, so a refused call leaves nothing behind. On PostgreSQL a write losing to a
/// concurrent one runs again whole, so a body has no effect outside it.
///
/// A device's file (`kith`'s SQLite) keeps this device's state too, so the store is a `DeviceIdentityStore`; a
/// server's database has no device tables, and a server never asks for them (its service has no device store).
public final class SQLIdentityStore: DeviceIdentityStore {
    private let database: any SQLDatabase

    /// A store over `database`, which must have been opened with `IdentityMigrations.all`.
    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func read<T: Sendable>(_ body: @Sendable (any IdentityStoreTransaction) throws -> T) async throws -> T {
        try await database.read { connection in try body(SQLIdentityTransaction(connection)) }
    }

    public func write<T: Sendable>(
        durability: Durability, _ body: @Sendable (any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await database.write(synchronous: durability == .immediate) { connection in
            try body(SQLIdentityTransaction(connection))
        }
    }

    public func readWithDevice<T: Sendable>(
        _ body: @Sendable (any DeviceIdentityTransaction) throws -> T
    ) async throws -> T {
        try await database.read { connection in try body(SQLIdentityTransaction(connection)) }
    }

    public func writeWithDevice<T: Sendable>(
        durability: Durability, _ body: @Sendable (any DeviceIdentityTransaction) throws -> T
    ) async throws -> T {
        try await database.write(synchronous: durability == .immediate) { connection in
            try body(SQLIdentityTransaction(connection))
        }
    }
}
