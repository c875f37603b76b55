import Accounts
import Foundation

/// An identity linked to the signed-in account: `POST /api/me/identities/{provider}`. The subject is the provider's
/// id of the person, already in the ID token the client holds: nothing secret.
public struct LinkedIdentityJSON: Codable, Sendable, Equatable {
    /// `google` or `apple`.
    public var provider: String
    public var subject: String
    public var email: String
    public var linkedAt: Date

    public init(_ identity: LinkedIdentity) {
        provider = identity.provider.rawValue
        subject = identity.subject
        email = identity.email
        linkedAt = identity.linkedAt
    }

    /// The identity, linked to `accountId` (the principal's account: the body does not repeat it); nil for a
    /// provider this client does not know.
    public func identity(accountId: String) -> LinkedIdentity? {
        IdentityProvider(rawValue: provider).map {
            LinkedIdentity(provider: $0, subject: subject, accountId: accountId, email: email, linkedAt: linkedAt)
        }
    }
}
