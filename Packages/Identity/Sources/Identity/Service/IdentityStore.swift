/// Where Identity persists: transactions of plain reads and writes, and no rules.
///
/// Every service call runs in one `write` (or `read`): when `body` throws, nothing it wrote remains.
/// Slow work such as password hashing happens before, never inside, a transaction.
public protocol IdentityStore: Sendable {
    /// Runs `body` in one read-only transaction (a consistent snapshot).
    func read<T: Sendable>(_ body: @Sendable (any IdentityStoreTransaction) throws -> T) async throws -> T
    /// Runs `body` in one write transaction: all of its changes are kept, or, when it throws, none.
    func write<T: Sendable>(_ body: @Sendable (any IdentityStoreTransaction) throws -> T) async throws -> T
    /// Runs `body` in one write transaction committed as `durability` asks (`write` is `.normal`).
    func write<T: Sendable>(
        durability: Durability, _ body: @Sendable (any IdentityStoreTransaction) throws -> T
    ) async throws -> T
}

extension IdentityStore {
    /// An ordinary `write`: for stores where every commit is already durable (PostgreSQL) or nothing reaches a
    /// disk (in memory). A store on SQLite implements it.
    public func write<T: Sendable>(
        durability: Durability, _ body: @Sendable (any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await write(body)
    }
}
