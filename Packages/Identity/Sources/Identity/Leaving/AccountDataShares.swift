import Kernel

/// The other features' shares in an account's data, inside one transaction that Identity's view shares: each
/// feature that keeps rows about an account contributes one, as it contributes its migrations, so deleting and
/// exporting can never forget a feature (the composition lists them once, beside the migrations).
public protocol AccountDataShares {
    /// Every share removes or keeps its rows for `deletion` (run before Identity removes the account).
    func delete(_ deletion: AccountDeletion) throws
    /// Every share's part of an export of `subject`, by feature name; a feature that keeps nothing about the
    /// subject gives no part.
    func export(_ subject: ExportSubject) throws -> [ExportPart]
}

/// One feature's part of an export document: the value written under its feature's name.
public struct ExportPart: Sendable {
    public let feature: String
    public let value: any Encodable & Sendable

    public init(feature: String, value: any Encodable & Sendable) {
        self.feature = feature
        self.value = value
    }
}

/// Where deletion and export run: one transaction seen as Identity's and as every other feature's share.
public typealias AccountDataStore = TransactionalStore<(any IdentityStoreTransaction, any AccountDataShares)>

/// No other feature: Identity alone (its own tests, or a product made of Identity only).
public struct NoAccountDataShares: AccountDataShares {
    public init() {}
    public func delete(_ deletion: AccountDeletion) {}
    public func export(_ subject: ExportSubject) -> [ExportPart] { [] }
}

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
