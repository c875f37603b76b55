import Kernel
import Tokens

/// Tokens' refusals on the wire. The OAuth ones keep their RFCs' codes, which apps' libraries know: an unknown
/// audience is RFC 8693's 400 `invalid_target`, wrong app credentials RFC 6749's 401 `invalid_client`; a member the
/// caller may not act as is the server's uniform 403 `forbidden`, the same body every `X-Acting-As-Member` refusal gets.
extension TokensError: WireCodedError {
    public var wire: WireErrorCase {
        switch self {
        case .invalidAppName: WireErrorCase("tokens.invalid_app_name", status: 400)
        case .invalidWebhookURL(let url):
            WireErrorCase("tokens.invalid_webhook_url", status: 400, details: .init(name: url))
        case .appNotFound(let id): WireErrorCase("tokens.app_not_found", status: 404, details: .init(name: id))
        case .unknownAudience(let audience):
            WireErrorCase("invalid_target", status: 400, details: .init(name: audience))
        case .actingNotAvailable: WireErrorCase(ServerErrorCode.forbidden.rawValue, status: 403)
        case .wrongAppCredentials: WireErrorCase("invalid_client", status: 401)
        case .tooManyChecks(let count):
            WireErrorCase("tokens.too_many_checks", status: 400, details: .init(name: String(count)))
        case .sealedSecret: WireErrorCase("tokens.sealed_secret", status: 500)
        }
    }

    public init?(wireCode code: String, details: WireErrorDetails) {
        if let error = Self.plain(
            code, among: [.invalidAppName, .actingNotAvailable, .wrongAppCredentials, .sealedSecret])
        {
            self = error
        } else if let error = Self.made(
            code, from: details.name, by: [{ .invalidWebhookURL($0) }, { .appNotFound($0) }, { .unknownAudience($0) }])
        {
            self = error
        } else if let error = Self.made(code, from: details.name.flatMap { Int($0) }, by: [{ .tooManyChecks($0) }]) {
            self = error
        } else {
            return nil
        }
    }
}
