import Identity

/// Where preferences persist: one transaction seen both as preferences and as Identity, and no rules.
///
/// The Identity view lets the rules check guardianship and record acting in the same transaction as the
/// preference write: the write and its record happen together or not at all.
public protocol PreferencesStore: Sendable {
    /// Runs `body` in one read-only transaction (a consistent snapshot of both views).
    func read<T: Sendable>(
        _ body: @Sendable (any PreferencesStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T
    /// Runs `body` in one write transaction: all of its changes, to both views, are kept, or, when it throws, none.
    func write<T: Sendable>(
        _ body: @Sendable (any PreferencesStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T
    /// Runs `body` in one write transaction committed as `durability` asks (`write` is `.normal`).
    func write<T: Sendable>(
        durability: Durability,
        _ body: @Sendable (any PreferencesStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T
}

extension PreferencesStore {
    /// An ordinary `write`: for stores where every commit is already durable (PostgreSQL) or nothing reaches a
    /// disk (in memory). The store on SQLite implements it.
    public func write<T: Sendable>(
        durability: Durability,
        _ body: @Sendable (any PreferencesStoreTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await write(body)
    }
}

/// The plain reads and writes of stored preference values. Valid only inside a `read`/`write` body.
public protocol PreferencesStoreTransaction {
    /// Every stored key and raw value of a member (possibly unknown or malformed values).
    func values(memberId: String) throws -> [String: String]
    /// Stores a raw value under `key` for the member, replacing any previous one.
    func setValue(_ value: String, forKey key: String, memberId: String) throws
    /// Removes every stored value of the member.
    func removeValues(memberId: String) throws
}
