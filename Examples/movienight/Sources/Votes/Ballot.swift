import Foundation

/// One member's ballot on one title in one household: its thumb and its rating, either of which may be missing
/// (a member may only vote, or only rate). There is at most one per household, member and title key; voting or
/// rating again replaces that part of it.
public struct Ballot: Sendable, Codable, Hashable {
    public var householdId: String
    /// An account id, or `managed_<uuid>` for a managed member (a guardian voting as it).
    public var memberId: String
    /// The title as the household first spelled it (see `VoteRules.spelling`).
    public var title: String
    /// `MovieTitle.key(of:)` of the title: what ballots are compared by.
    public var titleKey: String
    public var vote: VoteChoice?
    /// 1-5 (`VoteRules.ratings`); a stored value outside the range is not counted.
    public var rating: Int?
    /// When the member first voted or rated the title.
    public var votedAt: Date
    /// When the member last changed its vote or rating.
    public var updatedAt: Date

    /// Creates a ballot value.
    public init(
        householdId: String, memberId: String, title: String, titleKey: String, vote: VoteChoice? = nil,
        rating: Int? = nil, votedAt: Date, updatedAt: Date
    ) {
        self.householdId = householdId
        self.memberId = memberId
        self.title = title
        self.titleKey = titleKey
        self.vote = vote
        self.rating = rating
        self.votedAt = votedAt
        self.updatedAt = updatedAt
    }
}
