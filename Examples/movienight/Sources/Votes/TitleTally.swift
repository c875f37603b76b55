/// What a household thinks of one title: its thumbs, its ratings, and how many of its members took part.
public struct TitleTally: Sendable, Codable, Hashable {
    /// The title as the household spells it.
    public var title: String
    public var up: Int
    public var down: Int
    /// How many ratings (each 1-5) were given, and their sum.
    public var ratingCount: Int
    public var ratingTotal: Int
    /// X of "X of Y voted": the household's members who voted or rated the title.
    public var voted: Int
    /// Y of "X of Y voted": every member of the household, accounts and managed members.
    public var members: Int
    /// The calling member's own vote and rating of the title (the seed highlights them), if any.
    public var myVote: VoteChoice?
    public var myRating: Int?

    /// Creates a tally value.
    public init(
        title: String, up: Int = 0, down: Int = 0, ratingCount: Int = 0, ratingTotal: Int = 0, voted: Int = 0,
        members: Int, myVote: VoteChoice? = nil, myRating: Int? = nil
    ) {
        self.title = title
        self.up = up
        self.down = down
        self.ratingCount = ratingCount
        self.ratingTotal = ratingTotal
        self.voted = voted
        self.members = members
        self.myVote = myVote
        self.myRating = myRating
    }

    /// The mean of the ratings, or nil when nobody rated the title.
    public var averageRating: Double? {
        ratingCount == 0 ? nil : Double(ratingTotal) / Double(ratingCount)
    }

    /// "X of Y voted": the seed's progress label.
    public var progress: String { "\(voted) of \(members) voted" }
}
