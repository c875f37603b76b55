import Foundation

/// A stored access request. Holds the requester's account (for the grant it may become); never shown to owners.
public struct RequestRecord: Sendable, Hashable, Identifiable {
    public var id: String
    public var ownerAccountId: String
    public var profileId: String
    public var requesterAccountId: String
    /// The requester's active persona when it asked: what the owner is shown.
    public var requesterProfileId: String
    public var requester: PersonaSummary
    public var field: Field
    public var reason: String?
    public var createdAt: Date
    public var expiresAt: Date
    public var status: RequestStatus

    public init(
        id: String, ownerAccountId: String, profileId: String, requesterAccountId: String, requesterProfileId: String,
        requester: PersonaSummary, field: Field, reason: String?, createdAt: Date, expiresAt: Date,
        status: RequestStatus
    ) {
        self.id = id
        self.ownerAccountId = ownerAccountId
        self.profileId = profileId
        self.requesterAccountId = requesterAccountId
        self.requesterProfileId = requesterProfileId
        self.requester = requester
        self.field = field
        self.reason = reason
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.status = status
    }

    /// Pending and not yet expired.
    public func isPending(at now: Date) -> Bool { status == .pending && now < expiresAt }
}
