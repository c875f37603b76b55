import Accounts

/// `votes [TITLE]`: the titles of the caller's active household with their tallies.
public struct HouseholdVotes: Sendable, Hashable {
    public var householdId: String
    public var householdName: String
    /// The member the tallies' `myVote` and `myRating` are about: the account, or the managed member acted as.
    public var memberId: String
    /// The managed member acted as, or nil for the account itself.
    public var actingAs: ActingAs?
    /// Every member of the household, accounts and managed members: Y of "X of Y voted".
    public var members: Int
    /// One tally per title, ordered by title (case-insensitively); only the title asked for when one was.
    public var titles: [TitleTally]

    /// Creates a value.
    public init(
        householdId: String, householdName: String, memberId: String, actingAs: ActingAs?, members: Int,
        titles: [TitleTally]
    ) {
        self.householdId = householdId
        self.householdName = householdName
        self.memberId = memberId
        self.actingAs = actingAs
        self.members = members
        self.titles = titles
    }
}
