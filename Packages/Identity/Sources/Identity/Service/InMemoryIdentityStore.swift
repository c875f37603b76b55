/// An `IdentityStore` in memory, for tests and previews: each transaction works on a copy it commits on success.
///
/// It keeps this device's state too (a `DeviceIdentityStore`), like the `kith` command line's SQLite file.
public actor InMemoryIdentityStore: DeviceIdentityStore {
    private var state = InMemoryIdentityState()

    /// Creates an empty store.
    public init() {}

    public func read<T: Sendable>(_ body: @Sendable (any IdentityStoreTransaction) throws -> T) async throws -> T {
        try body(InMemoryIdentityTransaction(state: state))
    }

    public func write<T: Sendable>(
        durability: Durability, _ body: @Sendable (any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try commit { try body($0) }
    }

    public func readWithDevice<T: Sendable>(
        _ body: @Sendable (any DeviceIdentityTransaction) throws -> T
    ) async throws -> T {
        try body(InMemoryIdentityTransaction(state: state))
    }

    public func writeWithDevice<T: Sendable>(
        durability: Durability, _ body: @Sendable (any DeviceIdentityTransaction) throws -> T
    ) async throws -> T {
        try commit { try body($0) }
    }

    private func commit<T>(_ body: (InMemoryIdentityTransaction) throws -> T) throws -> T {
        let transaction = InMemoryIdentityTransaction(state: state)
        let result = try body(transaction)
        // Committing only after `body` returned is what makes a failed call leave nothing behind.
        state = transaction.state
        return result
    }
}
