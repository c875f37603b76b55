/// A transaction of a store that keeps this device's state beside Identity's, so a command that touches both (sign
/// in: a session, the saved entry, the current account) is still one transaction.
public typealias DeviceIdentityTransaction = IdentityStoreTransaction & DeviceStateTransaction

/// An `IdentityStore` that also keeps this device's state (saved accounts, the current account): the stores of the
/// `kith` command line (in memory, SQLite). A server's store (PostgreSQL) keeps none.
public protocol DeviceIdentityStore: TransactionalStore where Transaction == any IdentityStoreTransaction {
    /// Runs `body` in one read-only transaction (a consistent snapshot) that also sees this device's state.
    func readWithDevice<T: Sendable>(_ body: @Sendable (any DeviceIdentityTransaction) throws -> T) async throws -> T
    /// Runs `body` in one write transaction, committed as `durability` asks, that also changes this device's state:
    /// all of its changes are kept, or, when it throws, none.
    func writeWithDevice<T: Sendable>(
        durability: Durability, _ body: @Sendable (any DeviceIdentityTransaction) throws -> T
    ) async throws -> T
}

extension DeviceIdentityStore {
    /// This store as an `IdentityStore` (an existential of this protocol does not convert to one by itself).
    public var identityStore: any IdentityStore { self }

    /// An ordinary (`.normal`) `writeWithDevice`.
    public func writeWithDevice<T: Sendable>(
        _ body: @Sendable (any DeviceIdentityTransaction) throws -> T
    ) async throws -> T {
        try await writeWithDevice(durability: .normal, body)
    }
}
