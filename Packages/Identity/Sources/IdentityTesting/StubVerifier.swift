import Accounts
import Identity

/// A verifier that knows a few tokens by heart: each names verified claims; anything else fails as a bad token.
public struct StubVerifier: IDTokenVerifier {
    public let provider: IdentityProvider
    public let tokens: [String: VerifiedIDToken]

    public init(_ provider: IdentityProvider = .google, _ tokens: [String: VerifiedIDToken]) {
        self.provider = provider
        self.tokens = tokens
    }

    public func verify(_ idToken: String, nonce: String?) async throws -> VerifiedIDToken {
        guard let claims = tokens[idToken] else { throw IdentityError.providerSignInFailed(provider) }
        return claims
    }
}

extension IdentityContractEnvironment {
    /// A new process whose Google sign-in knows `StubVerifier.google`'s tokens.
    public func googleService() -> LocalIdentityService {
        service(verifiers: [StubVerifier.google])
    }
}

extension StubVerifier {
    /// Ann's verified Google claims.
    public static let annClaims = VerifiedIDToken(
        provider: .google, subject: "g-ann", email: "ann@example.com", emailVerified: true, givenName: "Ann",
        familyName: "Lee")
    /// Google, knowing the tokens of Ann (verified or not), Bo (two subjects) and a nameless Cy.
    public static let google = StubVerifier(
        .google,
        [
            "ann": annClaims,
            "ann-unverified": VerifiedIDToken(
                provider: .google, subject: "g-ann", email: "ann@example.com", emailVerified: false),
            "bo-google": VerifiedIDToken(
                provider: .google, subject: "g-bo", email: "bo@example.com", emailVerified: true, givenName: "Bo",
                familyName: "Tester"),
            "other-bo": VerifiedIDToken(
                provider: .google, subject: "g-bo-2", email: "bo.other@example.com", emailVerified: true),
            "nameless": VerifiedIDToken(
                provider: .google, subject: "g-cy", email: "cy@example.com", emailVerified: true),
        ])

    /// A Google sign-in with `token`, and the names the request gives (if any).
    public static func signIn(_ token: String, first: String? = nil, last: String? = nil) -> ProviderSignIn {
        ProviderSignIn(provider: .google, idToken: token, nonce: "n", firstName: first, lastName: last)
    }
}
