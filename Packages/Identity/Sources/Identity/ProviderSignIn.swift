/// A sign-in (or link) with an ID token from Google or Apple, as a client hands it over.
public struct ProviderSignIn: Sendable, Hashable {
    public var provider: IdentityProvider
    /// The raw ID token: passed to the verifier, never stored or logged.
    public var idToken: String
    /// The nonce the client sent with the authorization request.
    public var nonce: String?
    /// Names for a new account; without them, the token's `given_name` / `family_name`.
    public var firstName: String?
    public var lastName: String?

    /// Creates a provider sign-in.
    public init(
        provider: IdentityProvider, idToken: String, nonce: String? = nil, firstName: String? = nil,
        lastName: String? = nil
    ) {
        self.provider = provider
        self.idToken = idToken
        self.nonce = nonce
        self.firstName = firstName
        self.lastName = lastName
    }
}
