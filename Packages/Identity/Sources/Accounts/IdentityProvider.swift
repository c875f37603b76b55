/// An OpenID Connect provider an account can sign in with (DOMAIN.md "Sign in with Google and Apple").
public enum IdentityProvider: String, Sendable, Codable, CaseIterable, Hashable {
    case google
    case apple

    /// The name sentences use: "Google", "Apple".
    public var displayName: String {
        switch self {
        case .google: "Google"
        case .apple: "Apple"
        }
    }

    /// The saved-account method of an account that signed in with this provider.
    public var authMethod: AuthMethod {
        switch self {
        case .google: .google
        case .apple: .apple
        }
    }
}
