import Identity
import Synchronization

/// A `FamilyCodeStore` in memory over an `InMemoryIdentityStore`, for tests and previews.
///
/// Each transaction runs inside one `identity.write` (the identity actor runs one at a time) on a copy
/// of the family-code state, committed only when `body` returns: a failure leaves both features unchanged.
public final class InMemoryFamilyCodeStore: TransactionalStore {
    /// The Identity store whose transactions this store's transactions extend.
    public let identity: InMemoryIdentityStore
    private let state = Mutex(InMemoryFamilyCodeState())

    /// A store over `identity` (pass the one the Identity service uses, so both see the same households).
    public init(identity: InMemoryIdentityStore) {
        self.identity = identity
    }

    public func read<T: Sendable>(
        _ body: @Sendable ((any FamilyCodeStoreTransaction, any IdentityStoreTransaction)) throws -> T
    ) async throws -> T {
        try await identity.read { identityTransaction in
            let transaction = InMemoryFamilyCodeTransaction(state: self.state.withLock { $0 })
            return try body((transaction, identityTransaction))
        }
    }

    public func write<T: Sendable>(
        durability: Durability,
        _ body: @Sendable ((any FamilyCodeStoreTransaction, any IdentityStoreTransaction)) throws -> T
    ) async throws -> T {
        try await identity.write(durability: durability) { identityTransaction in
            let transaction = InMemoryFamilyCodeTransaction(state: self.state.withLock { $0 })
            let result = try body((transaction, identityTransaction))
            // Reached only when `body` returned; the identity store then commits its copy too (it cannot
            // fail after this closure returns), so both features change together or not at all.
            self.state.withLock { $0 = transaction.state }
            return result
        }
    }
}
