import Accounts
import IdentityHTTP
import Networking
import Tokens
import TokensWire

/// `TokenIssuer` over a `kith-server` (`POST /api/auth/token`): the server decides the rules.
///
/// The request carries the principal's bearer token and, while acting, `X-Acting-As-Member`; an unknown audience
/// comes back as `TokensError.unknownAudience`, a member the caller may not act as as `.actingNotAvailable`.
public struct HTTPTokenIssuer: TokenIssuer {
    let requests: PrincipalClient<Principal>

    /// Calls the server through `client`; `token` gives the principal's raw token (the credentials file's).
    public init(client: JSONClient, token: @escaping @Sendable (Principal) async throws -> String) {
        requests = PrincipalClient(client: client, token: token, errors: [TokensError.self])
    }

    public func accessToken(_ principal: Principal, audience: String) async throws -> AccessTokenGrant {
        let response: TokenResponse = try await requests.send(
            TokensRoute.exchange, as: principal, body: TokenRequest(audience: audience))
        return AccessTokenGrant(accessToken: response.accessToken, expiresIn: response.expiresIn)
    }
}
