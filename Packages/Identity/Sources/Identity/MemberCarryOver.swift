/// Another feature that keeps data per member (Preferences): a claim's transaction runs through it, so what that
/// feature kept for the managed member becomes the new account's in the same transaction as the account itself.
///
/// Identity cannot see the other feature's tables, and the other feature's store already opens transactions seen
/// both as its own and as Identity's (one GRDB or PostgreSQL transaction): the conformer opens one of those, runs
/// `claim` over the Identity view, then moves its own data for the returned `Graduation` before it commits.
/// When `claim` throws, nothing of either is kept.
public protocol MemberCarryOver: Sendable {
    /// Runs `claim` and this feature's carry-over in one write transaction committed `.immediate`ly (a claim ends
    /// the guardians' access); returns the claim's value.
    func write<T: Sendable>(
        _ claim: @Sendable (any IdentityStoreTransaction) throws -> Claimed<T>
    ) async throws -> T
}
