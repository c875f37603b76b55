import Accounts

/// `POST /api/auth/google` and `/api/auth/apple` (sign in, or sign up from the token), and
/// `POST /api/me/identities/{provider}` (link). The names are for a new account only; without them the token's.
public struct ProviderSignInBody: Codable, Sendable, Equatable {
    /// The ID token the provider's token endpoint returned.
    public var idToken: String
    /// The nonce the client sent with its authorization request.
    public var nonce: String?
    public var firstName: String?
    public var lastName: String?
    /// A switch to a saved account: the sign-in must give this account and never creates one.
    public var expectedAccount: ExpectedAccountJSON?
    /// A device with no room for another account: the sign-in may give only one of these accounts, creating none.
    public var savedAccountIds: [String]?

    /// `ProviderSignIn.ExpectedAccount` on the wire.
    public struct ExpectedAccountJSON: Codable, Sendable, Equatable {
        public var accountId: String
        public var email: String
    }

    /// The body of `signIn`.
    public init(_ signIn: ProviderSignIn) {
        idToken = signIn.idToken
        nonce = signIn.nonce
        firstName = signIn.firstName
        lastName = signIn.lastName
        expectedAccount = signIn.expectedAccount.map { .init(accountId: $0.accountId, email: $0.email) }
        savedAccountIds = signIn.savedAccountIds
    }

    /// The sign-in this body asks for with `provider`.
    public func signIn(_ provider: IdentityProvider) -> ProviderSignIn {
        ProviderSignIn(
            provider: provider, idToken: idToken, nonce: nonce, firstName: firstName, lastName: lastName,
            expectedAccount: expectedAccount.map { .init(accountId: $0.accountId, email: $0.email) },
            savedAccountIds: savedAccountIds)
    }
}
