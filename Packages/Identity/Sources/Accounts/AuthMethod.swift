/// How an account signs in: a password, or an identity linked from Google or Apple. `sso` is reserved.
public enum AuthMethod: String, Sendable, Codable, CaseIterable, Hashable {
    case password
    case sso
    case google
    case apple

    /// The OpenID Connect provider of a Google or Apple sign-in; nil for a password.
    public var provider: IdentityProvider? {
        switch self {
        case .google: .google
        case .apple: .apple
        case .password, .sso: nil
        }
    }
}
