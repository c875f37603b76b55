/// Refusals of profile switching; `description` is the sentence a user reads, word for word.
public enum ProfileSessionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The member does not exist, is not a managed member of the active household, or is not guarded by the
    /// account: one sentence for all, so switching reveals nothing about other people's members.
    case notAvailable

    public var description: String {
        switch self {
        case .notAvailable: "That profile is not available to switch to"
        }
    }
}
