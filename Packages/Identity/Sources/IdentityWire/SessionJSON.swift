import Identity

/// A new session: `POST /api/auth/signup` (201) and `/api/auth/signin`. The raw bearer token is sent here once and
/// never again.
public struct SessionJSON: Codable, Sendable, Equatable {
    public var accountId: String
    public var sessionId: String
    public var token: String
    public var account: MeJSON

    /// The session of `grant`, for the account as `account` shows it.
    public init(_ grant: SessionGrant, account: MeJSON) {
        accountId = grant.accountId
        sessionId = grant.sessionId
        token = grant.token
        self.account = account
    }

    public var grant: SessionGrant { SessionGrant(sessionId: sessionId, accountId: accountId, token: token) }
}
