import Identity
import IdentityMemory
import Kernel

/// A `PreferencesStore` in memory, for tests, living inside an `InMemoryIdentityStore`'s transactions: an
/// `InMemoryFeatureStore`, so both views change together or not at all.
public final class InMemoryPreferencesStore: TransactionalStore {
    private let store: InMemoryFeatureStore<InMemoryPreferencesTransaction>

    /// A store sharing transactions with `identity`.
    public init(identity: InMemoryIdentityStore) {
        store = InMemoryFeatureStore(identity: identity, state: [:])
    }

    public func read<T: Sendable>(
        _ body: @Sendable ((any PreferencesStoreTransaction, any IdentityStoreTransaction)) throws -> T
    ) async throws -> T {
        try await store.read { try body(($0, $1)) }
    }

    public func write<T: Sendable>(
        durability: Durability,
        _ body: @Sendable ((any PreferencesStoreTransaction, any IdentityStoreTransaction)) throws -> T
    ) async throws -> T {
        try await store.write(durability: durability) { try body(($0, $1)) }
    }
}

/// One transaction of `InMemoryPreferencesStore`, over its own copy of the values: per member, key to value.
final class InMemoryPreferencesTransaction: PreferencesStoreTransaction, InMemoryTransaction {
    var state: [String: [String: String]]

    init(state: [String: [String: String]]) {
        self.state = state
    }

    func values(memberId: String) -> [String: String] { state[memberId] ?? [:] }

    func setValue(_ value: String, forKey key: String, memberId: String) {
        state[memberId, default: [:]][key] = value
    }

    func removeValues(memberId: String) {
        state[memberId] = nil
    }
}
