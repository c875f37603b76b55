import Identity

/// Where family codes persist, sharing each transaction with Identity's tables.
///
/// Every service call runs in one `read` or `write` that spans both features: a join's lock check,
/// lookup, membership and usage-log row commit together, or (when `body` throws) not at all.
public protocol FamilyCodeStore: Sendable {
    /// Runs `body` in one read-only transaction over both features.
    func read<T: Sendable>(
        _ body: @Sendable (any FamilyCodeStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T
    /// Runs `body` in one write transaction over both features: all of its changes are kept, or none.
    func write<T: Sendable>(
        _ body: @Sendable (any FamilyCodeStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T
    /// Runs `body` in one write transaction committed as `durability` asks (`write` is `.normal`).
    func write<T: Sendable>(
        durability: Durability,
        _ body: @Sendable (any FamilyCodeStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T
}

extension FamilyCodeStore {
    /// An ordinary `write`: for stores where every commit is already durable (PostgreSQL) or nothing reaches a
    /// disk (in memory). A store on SQLite, and a store around another, implement it.
    public func write<T: Sendable>(
        durability: Durability,
        _ body: @Sendable (any FamilyCodeStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await write(body)
    }
}
