import Accounts

/// A new session: `POST /api/auth/signup` (201), `/api/auth/signin`, and `/api/auth/google` and `/api/auth/apple`
/// (201 when the token made the account). The raw bearer token is sent here once and never again.
public struct SessionJSON: Codable, Sendable, Equatable {
    public var accountId: String
    public var sessionId: String
    public var token: String
    public var account: MeJSON
    /// The request created the account (the 201 of the status line, kept in the body so a client need not read it).
    public var created: Bool
    /// Where a verification code went (sign-up with mail set up); absent otherwise.
    public var verificationSentTo: String?

    /// The session of `grant`, for the account as `account` shows it.
    public init(_ grant: SessionGrant, account: MeJSON, created: Bool) {
        accountId = grant.accountId
        sessionId = grant.sessionId
        token = grant.token
        self.account = account
        self.created = created
        verificationSentTo = grant.verificationSentTo
    }

    public var grant: SessionGrant {
        SessionGrant(
            sessionId: sessionId, accountId: accountId, token: token, verificationSentTo: verificationSentTo)
    }
}
