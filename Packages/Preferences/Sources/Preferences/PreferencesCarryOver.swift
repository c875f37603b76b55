import Households
import Identity

/// Graduation's share in Preferences: the managed member's stored values become the new account's, in the claim's
/// own transaction (the store's transactions are seen both as preferences and as Identity).
public struct PreferencesCarryOver: MemberCarryOver {
    private let store: any PreferencesStore

    /// Carries over through `store`, which must share the Identity store's database.
    public init(store: any PreferencesStore) {
        self.store = store
    }

    public func write<T: Sendable>(
        _ claim: @Sendable (any IdentityStoreTransaction, _ carryOver: (Graduation) throws -> Void) throws -> T
    ) async throws -> T {
        try await store.write(durability: .immediate) { preferences, identity in
            try claim(identity) { graduation in try Self.carryOver(graduation, preferences) }
        }
    }

    /// The member's values, unknown ones too (they read as defaults either way), replace whatever the account had.
    public static func carryOver(_ graduation: Graduation, _ preferences: any PreferencesStoreTransaction) throws {
        let values = try preferences.values(memberId: graduation.memberId)
        try preferences.removeValues(memberId: graduation.accountId)
        for (key, value) in values {
            try preferences.setValue(value, forKey: key, memberId: graduation.accountId)
        }
        try preferences.removeValues(memberId: graduation.memberId)
    }
}
