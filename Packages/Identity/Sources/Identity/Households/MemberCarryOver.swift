import Households

/// Another feature that keeps data per member (Preferences): a claim's transaction runs through it, so what that
/// feature kept for the managed member becomes the new account's in the same transaction as the account itself.
///
/// Identity cannot see the other feature's tables, and the other feature's store already opens transactions seen
/// both as its own and as Identity's (one GRDB or PostgreSQL transaction): the conformer opens one of those and
/// runs `claim` over the Identity view, handing it `carryOver`, which moves the conformer's data for a
/// `Graduation`. The claim calls it once the account exists and before the managed member is gone (a feature may
/// forget a removed member's data as it goes). When `claim` throws, nothing of either is kept.
public protocol MemberCarryOver: Sendable {
    /// Runs `claim` in one write transaction committed `.immediate`ly (a claim ends the guardians' access).
    func write<T: Sendable>(
        _ claim: @Sendable (any IdentityStoreTransaction, _ carryOver: (Graduation) throws -> Void) throws -> T
    ) async throws -> T
}
