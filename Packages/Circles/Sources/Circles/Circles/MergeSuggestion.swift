/// Two circles that look alike: suggested for merging, never merged by itself.
public struct MergeSuggestion: Sendable, Hashable {
    /// Stable for the pair of circles.
    public var suggestionId: String
    /// The custom circle first (FROM of a merge), then the other.
    public var circleIds: [String]
    /// The same circles' names.
    public var circleNames: [String]
    /// |A ∩ B| / |A ∪ B| of their member sets.
    public var jaccard: Double

    public init(suggestionId: String, circleIds: [String], circleNames: [String], jaccard: Double) {
        self.suggestionId = suggestionId
        self.circleIds = circleIds
        self.circleNames = circleNames
        self.jaccard = jaccard
    }

    /// The banner on Circles Home.
    public static func banner(count: Int) -> String {
        count == 1 ? "2 circles look similar" : "\(count) pairs of circles look similar"
    }
}
