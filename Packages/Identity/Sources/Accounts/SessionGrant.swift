/// A new session handed to a remote client: the raw token exists only in this value and the client's file.
public struct SessionGrant: Sendable, Hashable {
    public var sessionId: String
    public var accountId: String
    /// The bearer token (base64url of 32 random bytes). Stores keep only its SHA-256.
    public var token: String
    /// Where a verification code went when the session came with a new account and mail is set up.
    public var verificationSentTo: String?

    /// Creates a grant.
    public init(sessionId: String, accountId: String, token: String, verificationSentTo: String? = nil) {
        self.sessionId = sessionId
        self.accountId = accountId
        self.token = token
        self.verificationSentTo = verificationSentTo
    }
}
