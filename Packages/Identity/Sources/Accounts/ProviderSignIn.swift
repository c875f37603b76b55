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
    /// Set when the sign-in switches to a saved account: it must give that account, and never creates one
    /// ("That Google account is not EMAIL", nothing changes).
    public var expectedAccount: ExpectedAccount?
    /// Set when the device already holds 10 saved accounts: the sign-in may give only one of these (the saved
    /// accounts' ids) and never creates one ("You can save up to 10 accounts. Remove one first.", nothing changes).
    /// A client that learns the account only from the token sends this, so the check comes before the server
    /// signs anyone in.
    public var savedAccountIds: [String]?

    /// The saved account a switch expects: its id decides, its email is what the refusal names.
    public struct ExpectedAccount: Sendable, Hashable {
        public var accountId: String
        public var email: String

        public init(accountId: String, email: String) {
            self.accountId = accountId
            self.email = email
        }
    }

    /// Creates a provider sign-in.
    public init(
        provider: IdentityProvider, idToken: String, nonce: String? = nil, firstName: String? = nil,
        lastName: String? = nil, expectedAccount: ExpectedAccount? = nil, savedAccountIds: [String]? = nil
    ) {
        self.provider = provider
        self.idToken = idToken
        self.nonce = nonce
        self.firstName = firstName
        self.lastName = lastName
        self.expectedAccount = expectedAccount
        self.savedAccountIds = savedAccountIds
    }

    /// This sign-in, expecting `account` (a switch to it).
    public func expecting(_ account: ExpectedAccount) -> ProviderSignIn {
        var signIn = self
        signIn.expectedAccount = account
        return signIn
    }
}
