/// Checks an OpenID Connect ID token of one provider (signature, issuer, audience, times, nonce).
///
/// Every failed check throws `IdentityError.providerSignInFailed` ("Google sign-in failed. Please try again."); the
/// verifier logs which check failed, never the token. Whether the email is verified is for the linking rules to
/// judge (it matters only for a new account), so it is returned, not checked.
public protocol IDTokenVerifier: Sendable {
    /// The provider whose tokens this verifies.
    var provider: IdentityProvider { get }
    /// The claims of `idToken`; `nonce` is the one the client sent with the authorization request, if any.
    func verify(_ idToken: String, nonce: String?) async throws -> VerifiedIDToken
}
