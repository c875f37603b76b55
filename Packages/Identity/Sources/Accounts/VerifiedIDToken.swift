/// The claims of an ID token whose signature, issuer, audience, times and nonce all checked out.
public struct VerifiedIDToken: Sendable, Hashable {
    public var provider: IdentityProvider
    public var subject: String
    /// The token's `email`; empty when the provider gave none.
    public var email: String
    public var emailVerified: Bool
    public var givenName: String?
    public var familyName: String?

    /// Creates verified claims (verifiers make these; tests too).
    public init(
        provider: IdentityProvider, subject: String, email: String, emailVerified: Bool, givenName: String? = nil,
        familyName: String? = nil
    ) {
        self.provider = provider
        self.subject = subject
        self.email = email
        self.emailVerified = emailVerified
        self.givenName = givenName
        self.familyName = familyName
    }
}
