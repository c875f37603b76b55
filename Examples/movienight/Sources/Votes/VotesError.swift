/// Refusals of the voting rules; `description` is the sentence a user reads, word for word.
public enum VotesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The principal acts as a member that is not a managed member of its active household that it guards
    /// (removed, guardianship changed, or never its own): Preferences' refusal, word for word.
    case notAvailable
    /// The account has no active household: votes belong to one.
    case noActiveHousehold
    /// The title is empty once trimmed.
    case emptyTitle
    /// The title is longer than `VoteRules.titleMaxLength` characters.
    case titleTooLong
    /// The title holds a line break, tab or other control character.
    case titleControlCharacter
    /// The rating is outside `VoteRules.ratings`.
    case invalidRating

    public var description: String {
        switch self {
        case .notAvailable: "That profile is not available to act as"
        case .noActiveHousehold:
            "No active household: create or join a household first (`household create NAME`), then vote in it."
        case .emptyTitle: "A title cannot be empty"
        case .titleTooLong: "A title can be at most \(VoteRules.titleMaxLength) characters"
        case .titleControlCharacter: "A title cannot contain line breaks, tabs or other control characters"
        case .invalidRating:
            "A rating is a whole number from \(VoteRules.ratings.lowerBound) to \(VoteRules.ratings.upperBound)"
        }
    }
}
