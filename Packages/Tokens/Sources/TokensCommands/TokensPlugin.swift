import Accounts
import Console
import Tokens
import TokensWire

/// Tokens' command: `token AUDIENCE`, an access token for a registered app (the member's while acting).
public struct TokensPlugin: Plugin {
    private let issuer: any TokenIssuer
    private let principals: any PrincipalSource

    /// The command over `issuer`, for whoever `principals` says is calling.
    public init(issuer: any TokenIssuer, principals: any PrincipalSource) {
        self.issuer = issuer
        self.principals = principals
    }

    public var name: String { "tokens" }

    public var commands: [Command] {
        [
            Command(
                "token", summary: "An access token for an app (the member's while acting)",
                arguments: [Argument("AUDIENCE", "the app's id, as the server's operator registered it")],
                details:
                    "Prints the token, which lives \(Int(KeyRotation.tokenLifetime / 60)) minutes; --json prints the token response (access_token, token_type, expires_in, issued_token_type)."
            ) { [issuer, principals] arguments, _ in
                let principal = try await principals.requirePrincipal()
                let grant = try await issuer.accessToken(principal, audience: arguments.argument("AUDIENCE"))
                return .value(
                    TokenResponse(
                        accessToken: grant.accessToken, tokenType: "Bearer", expiresIn: grant.expiresIn,
                        issuedTokenType: TokenResponse.jwtTokenType),
                    text: grant.accessToken)
            }
        ]
    }
}
