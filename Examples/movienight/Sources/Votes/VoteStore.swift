import Identity
import Kernel

/// Where ballots persist: one transaction seen both as votes and as Identity, and no rules. The Identity view lets
/// the rules read the household and check guardianship, and record acting, in the same transaction as the ballot
/// write: the write and its record happen together or not at all.
public typealias VoteStore = TransactionalStore<(any VoteStoreTransaction, any IdentityStoreTransaction)>

/// The plain reads and writes of stored ballots. Valid only inside a `read`/`write` body.
public protocol VoteStoreTransaction {
    /// The household's ballots, all of them or only those on `titleKey`, earliest first (`votedAt`, then member).
    func ballots(householdId: String, titleKey: String?) throws -> [Ballot]
    /// Every ballot of these members, in any household, earliest first (an export).
    func ballots(memberIds: [String]) throws -> [Ballot]
    /// Stores `ballot`, replacing the one of the same household, member and title key.
    func saveBallot(_ ballot: Ballot) throws
    /// Removes every ballot of the member, in every household.
    func removeBallots(memberId: String) throws
    /// Removes every ballot of the household.
    func removeBallots(householdId: String) throws
}
