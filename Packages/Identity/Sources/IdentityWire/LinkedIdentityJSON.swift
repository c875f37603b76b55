import Foundation
import Identity

/// An identity linked to the signed-in account: `POST /api/me/identities/{provider}`. The subject stays on the
/// server: the provider and email say which account it is.
public struct LinkedIdentityJSON: Codable, Sendable, Equatable {
    /// `google` or `apple`.
    public var provider: String
    public var email: String
    public var linkedAt: Date

    public init(_ identity: LinkedIdentity) {
        provider = identity.provider.rawValue
        email = identity.email
        linkedAt = identity.linkedAt
    }
}
