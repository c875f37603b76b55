import Accounts

/// What commands and routes call: the votes and ratings of the member the principal is (or acts as), in its
/// account's active household.
///
/// The voter is always `principal.subjectMemberId`: the account itself, or, while acting, the managed member,
/// which the account must guard. Nobody votes for another member without acting as it.
public protocol VoteService: Sendable {
    /// Gives `title` a thumb up or down, replacing the member's earlier thumb on it (its rating stays).
    func vote(_ principal: Principal, title: String, _ choice: VoteChoice) async throws -> VoteResult
    /// Rates `title` from 1 to 5, replacing the member's earlier rating of it (its thumb stays).
    func rate(_ principal: Principal, title: String, rating: Int) async throws -> VoteResult
    /// Every title of the active household with its tally, or only `title`'s (with zeros when nobody voted on it).
    func votes(_ principal: Principal, title: String?) async throws -> HouseholdVotes
}
