/// Refusals of the preference rules; `description` is the sentence a user reads, word for word.
public enum PreferencesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The principal acts as a member that is not a managed member of its active household that it guards
    /// (removed, guardianship changed, or never its own).
    case notAvailable

    public var description: String {
        switch self {
        case .notAvailable: "That profile is not available to act as"
        }
    }
}
