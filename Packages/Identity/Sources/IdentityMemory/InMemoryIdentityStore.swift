import Identity
import Kernel

/// An `IdentityStore` in memory, for tests and previews: each transaction works on a copy it commits on success.
public actor InMemoryIdentityStore: IdentityStore {
    private var state = InMemoryIdentityState()

    /// Creates an empty store.
    public init() {}

    public func read<T: Sendable>(_ body: @Sendable (any IdentityStoreTransaction) throws -> T) async throws -> T {
        try body(InMemoryIdentityTransaction(state: state))
    }

    public func write<T: Sendable>(
        durability: Durability, _ body: @Sendable (any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        let transaction = InMemoryIdentityTransaction(state: state)
        let result = try body(transaction)
        // Committing only after `body` returned is what makes a failed call leave nothing behind.
        state = transaction.state
        return result
    }
}
