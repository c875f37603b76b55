import Foundation

/// An account's identity at an OpenID Connect provider: (provider, subject) belongs to at most one account, and an
/// account links at most one identity per provider.
public struct LinkedIdentity: Sendable, Codable, Hashable {
    public var provider: IdentityProvider
    /// The provider's stable id of the person (`sub`); never an email, which can change.
    public var subject: String
    public var accountId: String
    /// The email the provider gave when the identity was linked, for display only.
    public var email: String
    public var linkedAt: Date

    /// Creates a linked identity.
    public init(provider: IdentityProvider, subject: String, accountId: String, email: String, linkedAt: Date) {
        self.provider = provider
        self.subject = subject
        self.accountId = accountId
        self.email = email
        self.linkedAt = linkedAt
    }
}
