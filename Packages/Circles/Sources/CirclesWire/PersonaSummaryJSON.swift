import Circles
import IdentityWire
import Kernel

/// `{displayName, username}` of a requester or grantee: its persona at request time, never its account
/// (`username` null until set).
public struct PersonaSummaryJSON: Codable, Sendable, Equatable {
    public var displayName: String
    @ExplicitNull public var username: String?

    /// The JSON of `summary`.
    public init(_ summary: PersonaSummary) {
        displayName = summary.displayName
        username = summary.username
    }

    /// The summary again.
    public var summary: PersonaSummary { PersonaSummary(displayName: displayName, username: username) }
}
