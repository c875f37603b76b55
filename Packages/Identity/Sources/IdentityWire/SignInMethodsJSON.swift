import Accounts

/// `GET /api/me/identities`: whether the signed-in account has a password, and its linked identities.
public struct SignInMethodsJSON: Codable, Sendable, Equatable {
    public var hasPassword: Bool
    public var identities: [LinkedIdentityJSON]

    public init(_ methods: SignInMethods) {
        hasPassword = methods.hasPassword
        identities = methods.identities.map(LinkedIdentityJSON.init)
    }

    /// The methods of `accountId`'s account (identities of providers this client does not know are left out).
    public func signInMethods(accountId: String) -> SignInMethods {
        SignInMethods(hasPassword: hasPassword, identities: identities.compactMap { $0.identity(accountId: accountId) })
    }
}
