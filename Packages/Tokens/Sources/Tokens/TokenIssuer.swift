import Accounts

/// Issuing alone, what `kith token` needs: made here over the local file (`LocalTokenService`) or asked of a server
/// (`HTTPTokenIssuer`, `--remote`). The rules (the app, acting) are `issue(_:audience:)`'s wherever it runs.
public protocol TokenIssuer: Sendable {
    /// A token for the app `audience`, about the principal's account or the member it acts as.
    func accessToken(_ principal: Principal, audience: String) async throws -> AccessTokenGrant
}

/// A token as its caller gets it: the JWT and how many seconds it lives.
public struct AccessTokenGrant: Sendable, Hashable {
    public var accessToken: String
    public var expiresIn: Int

    public init(accessToken: String, expiresIn: Int) {
        self.accessToken = accessToken
        self.expiresIn = expiresIn
    }
}

extension LocalTokenService: TokenIssuer {
    public func accessToken(_ principal: Principal, audience: String) async throws -> AccessTokenGrant {
        let issued = try await issue(principal, audience: audience)
        return AccessTokenGrant(accessToken: issued.accessToken, expiresIn: issued.expiresIn)
    }
}
