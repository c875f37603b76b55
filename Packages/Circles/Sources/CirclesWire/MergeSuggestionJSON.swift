import Circles

/// Two circles that look alike (`GET /api/suggestions`, `suggestions --json`): CLI.md's `{suggestionId, circleIds,
/// jaccard}` plus `circleNames`; the custom circle (the FROM of a merge) comes first.
public struct MergeSuggestionJSON: Codable, Sendable, Equatable {
    public var suggestionId: String
    public var circleIds: [String]
    public var circleNames: [String]
    /// |A ∩ B| / |A ∪ B| of the two circles' members.
    public var jaccard: Double

    /// The JSON of `suggestion`.
    public init(_ suggestion: MergeSuggestion) {
        suggestionId = suggestion.suggestionId
        circleIds = suggestion.circleIds
        circleNames = suggestion.circleNames
        jaccard = suggestion.jaccard
    }

    /// The suggestion again.
    public var suggestion: MergeSuggestion {
        MergeSuggestion(suggestionId: suggestionId, circleIds: circleIds, circleNames: circleNames, jaccard: jaccard)
    }
}

/// `suggestions dismiss --json`: the pair dismissed for good (the route itself answers 204 without a body).
public struct SuggestionDismissedJSON: Codable, Sendable, Equatable {
    public var suggestionId: String
    public var dismissed: Bool

    /// The suggestion `suggestionId`, dismissed.
    public init(suggestionId: String) {
        self.suggestionId = suggestionId
        dismissed = true
    }
}
