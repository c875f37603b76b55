/// How an account can sign in: with a password (when it has one), and with its linked Google and Apple identities.
public struct SignInMethods: Sendable, Hashable {
    /// False for an account Google or Apple made until a password is set (`password` then asks for no current one).
    public var hasPassword: Bool
    public var identities: [LinkedIdentity]

    /// Creates the methods of an account.
    public init(hasPassword: Bool, identities: [LinkedIdentity]) {
        self.hasPassword = hasPassword
        self.identities = identities
    }

    /// Whether the account could still sign in after unlinking `provider` (DOMAIN.md: never its only way).
    public func canSignIn(without provider: IdentityProvider) -> Bool {
        hasPassword || identities.contains { $0.provider != provider }
    }
}
