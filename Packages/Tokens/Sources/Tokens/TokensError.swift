/// Every refusal of Tokens, as the sentence a person (an operator, an app's developer) reads.
public enum TokensError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An app's name must be 1 to 64 characters, with no control character.
    case invalidAppName
    /// A webhook URL must be an absolute `https` (or `http`) URL with a host.
    case invalidWebhookURL(String)
    /// No registered app has this id (operator commands).
    case appNotFound(String)
    /// A token was asked for an audience that is no registered app (RFC 8693 `invalid_target`).
    case unknownAudience(String)
    /// The member asked for is not one the caller may act as: the same refusal, whatever the reason, as every
    /// `X-Acting-As-Member` request gets.
    case actingNotAvailable
    /// An app's id and secret (HTTP Basic) do not match a registered app.
    case wrongAppCredentials
    /// More checks in one call than `LocalTokenService.checkLimit`.
    case tooManyChecks(Int)
    /// A signing key or webhook secret is sealed and the configured sealing key (or none) does not open it.
    case sealedSecret

    public var description: String {
        switch self {
        case .invalidAppName: "An app's name is 1 to 64 characters, with no control characters"
        case .invalidWebhookURL(let url):
            "The webhook URL must be an absolute https:// or http:// URL with a host, not \(url)"
        case .appNotFound(let id): "No registered app has the id \(id)"
        case .unknownAudience(let audience): "No registered app has the id \(audience): ask for a token for one"
        case .actingNotAvailable: "That profile is not available to act as"
        case .wrongAppCredentials: "The app's id or secret is wrong"
        case .tooManyChecks(let count):
            "At most \(LocalTokenService.checkLimit) checks in one call (this one has \(count))"
        case .sealedSecret:
            "A signing key or webhook secret is sealed, and this key does not open it: give the --sealing-key-file it was sealed with"
        }
    }
}
