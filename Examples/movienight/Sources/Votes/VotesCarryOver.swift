import Households
import Identity

/// Graduation's share in Votes: the managed member's ballots become the new account's, in the claim's own
/// transaction (the store's transactions are seen both as votes and as Identity), as `PreferencesCarryOver` does
/// for preferences.
public struct VotesCarryOver: MemberCarryOver {
    private let store: any VoteStore

    /// Carries over through `store`, which must share the Identity store's database.
    public init(store: any VoteStore) {
        self.store = store
    }

    public func write<T: Sendable>(
        _ claim: @Sendable (any IdentityStoreTransaction, _ carryOver: (Graduation) throws -> Void) throws -> T
    ) async throws -> T {
        try await store.write(durability: .immediate) { votes, identity in
            try claim(identity) { graduation in try VotesAccountData.graduate(graduation, votes) }
        }
    }
}
