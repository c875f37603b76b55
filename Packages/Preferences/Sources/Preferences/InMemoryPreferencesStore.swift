import Identity
import Synchronization

/// A `PreferencesStore` in memory, for tests, living inside an `InMemoryIdentityStore`'s transactions.
///
/// Each transaction runs inside the Identity store's `read`/`write` and works on a copy of the preference
/// values, committed only when the body returns: the Identity store commits its own copy in the same step,
/// so both views change together or not at all. Identity's writes are serialized, so commits never cross.
public final class InMemoryPreferencesStore: TransactionalStore {
    private let identity: InMemoryIdentityStore
    private let values = Mutex<[String: [String: String]]>([:])

    /// A store sharing transactions with `identity`.
    public init(identity: InMemoryIdentityStore) {
        self.identity = identity
    }

    public func read<T: Sendable>(
        _ body: @Sendable ((any PreferencesStoreTransaction, any IdentityStoreTransaction)) throws -> T
    ) async throws -> T {
        try await identity.read { identityTransaction in
            let transaction = InMemoryPreferencesTransaction(values: self.values.withLock { $0 })
            return try body((transaction, identityTransaction))
        }
    }

    public func write<T: Sendable>(
        durability: Durability,
        _ body: @Sendable ((any PreferencesStoreTransaction, any IdentityStoreTransaction)) throws -> T
    ) async throws -> T {
        try await identity.write(durability: durability) { identityTransaction in
            let transaction = InMemoryPreferencesTransaction(values: self.values.withLock { $0 })
            let result = try body((transaction, identityTransaction))
            // Reached only when `body` returned: the Identity store commits right after, with nothing in between
            // that can fail.
            self.values.withLock { $0 = transaction.snapshot }
            return result
        }
    }
}

/// One transaction of `InMemoryPreferencesStore`, over its own copy of the values.
final class InMemoryPreferencesTransaction: PreferencesStoreTransaction, Sendable {
    private let values: Mutex<[String: [String: String]]>

    init(values: [String: [String: String]]) {
        self.values = Mutex(values)
    }

    var snapshot: [String: [String: String]] { values.withLock { $0 } }

    func values(memberId: String) -> [String: String] { values.withLock { $0[memberId] ?? [:] } }

    func setValue(_ value: String, forKey key: String, memberId: String) {
        values.withLock { $0[memberId, default: [:]][key] = value }
    }

    func removeValues(memberId: String) {
        _ = values.withLock { $0.removeValue(forKey: memberId) }
    }
}
