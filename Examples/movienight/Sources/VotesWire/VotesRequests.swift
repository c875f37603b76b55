/// `POST /api/votes`: the title and `up` or `down`.
public struct VoteBody: Codable, Sendable, Equatable {
    public var title: String
    /// `up` or `down` (`VoteChoice`).
    public var vote: String

    public init(title: String, vote: String) {
        self.title = title
        self.vote = vote
    }
}

/// `POST /api/votes/rating`: the title and a whole number from 1 to 5.
public struct RatingBody: Codable, Sendable, Equatable {
    public var title: String
    public var rating: Int

    public init(title: String, rating: Int) {
        self.title = title
        self.rating = rating
    }
}
