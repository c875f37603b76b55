import Identity
import Kernel
import Storage

/// Every feature's store on an SQL database (SQLite or PostgreSQL): one transaction of the database per `read` or
/// `write`, seen through the feature's `Transaction`, which `transaction` builds over the connection.
///
/// The database rolls back when a body throws, so a refused call leaves nothing behind; PostgreSQL runs a write
/// again whole when it loses to a concurrent one. A feature names its store with an initializer of its own
/// (`SQLStore(familyCodesOn:)`), so the statements stay in its transaction type and the store is written once.
public struct SQLStore<Transaction>: TransactionalStore {
    let database: any SQLDatabase
    let transaction: @Sendable (any SQLConnection) -> Transaction

    /// A store over `database` whose bodies see `transaction(connection)`.
    public init(database: any SQLDatabase, transaction: @escaping @Sendable (any SQLConnection) -> Transaction) {
        self.database = database
        self.transaction = transaction
    }

    public func read<T: Sendable>(_ body: @Sendable (Transaction) throws -> T) async throws -> T {
        try await database.read { connection in try body(transaction(connection)) }
    }

    public func write<T: Sendable>(
        durability: Durability, _ body: @Sendable (Transaction) throws -> T
    ) async throws -> T {
        try await database.write(synchronous: durability == .immediate) { connection in
            try body(transaction(connection))
        }
    }
}

extension SQLStore where Transaction == any IdentityStoreTransaction {
    /// Identity's store over `database`, which must have been opened with `IdentityMigrations.all`.
    public init(identityOn database: any SQLDatabase) {
        self.init(database: database) { SQLIdentityTransaction($0) }
    }
}

extension SQLStore where Transaction == any EventLogTransaction {
    /// The event log alone over `database` (Identity's tables): what reading and pruning the log need.
    public init(eventLogOn database: any SQLDatabase) {
        self.init(database: database) { SQLIdentityTransaction($0) }
    }
}
