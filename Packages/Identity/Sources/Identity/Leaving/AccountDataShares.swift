import Accounts
import Kernel

/// Where deletion and export run: one transaction seen as Identity's and as every other feature's share.
public typealias AccountDataStore = TransactionalStore<(any IdentityStoreTransaction, any AccountDataShares)>

/// An Identity store as an `AccountDataStore` with no other feature's share.
public struct IdentityOnlyAccountData: AccountDataStore {
    let store: any IdentityStore

    public init(store: any IdentityStore) {
        self.store = store
    }

    public func read<T: Sendable>(
        _ body: @Sendable ((any IdentityStoreTransaction, any AccountDataShares)) throws -> T
    ) async throws -> T {
        try await store.read { try body(($0, NoAccountDataShares())) }
    }

    public func write<T: Sendable>(
        durability: Durability, _ body: @Sendable ((any IdentityStoreTransaction, any AccountDataShares)) throws -> T
    ) async throws -> T {
        try await store.write(durability: durability) { try body(($0, NoAccountDataShares())) }
    }
}
