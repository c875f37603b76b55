import Households
import IdentityMemory
import Kernel

/// A `FamilyCodeStore` in memory over an `InMemoryIdentityStore`, for tests and previews: an `InMemoryFeatureStore`,
/// so a failure leaves both features unchanged.
public final class InMemoryFamilyCodeStore: TransactionalStore {
    private let store: InMemoryFeatureStore<InMemoryFamilyCodeTransaction>

    /// The Identity store whose transactions this store's transactions extend.
    public var identity: InMemoryIdentityStore { store.identity }

    /// A store over `identity` (pass the one the Identity service uses, so both see the same households).
    public init(identity: InMemoryIdentityStore) {
        store = InMemoryFeatureStore(identity: identity, state: InMemoryFamilyCodeState())
    }

    public func read<T: Sendable>(
        _ body: @Sendable ((any FamilyCodeStoreTransaction, any HouseholdsStoreTransaction)) throws -> T
    ) async throws -> T {
        try await store.read { try body(($0, $1)) }
    }

    public func write<T: Sendable>(
        durability: Durability,
        _ body: @Sendable ((any FamilyCodeStoreTransaction, any HouseholdsStoreTransaction)) throws -> T
    ) async throws -> T {
        try await store.write(durability: durability) { try body(($0, $1)) }
    }
}
