import Foundation

/// A request as its owner's inbox shows it: the requester's persona, never its account or other profiles.
public struct AccessRequest: Sendable, Hashable {
    public var requestId: String
    public var from: PersonaSummary
    public var profileId: String
    public var field: Field
    public var reason: String?
    public var createdAt: Date
    public var expiresAt: Date
    public var status: RequestStatus
    /// The relationship context: the owner's circles that hold the requester (Contacts, then the circles holding its
    /// contact, in circle order); empty when the requester is not one of the owner's contacts; nil for a request
    /// made under a shadow that is not revealed, which would otherwise be linked to the account behind it.
    public var requesterCircles: [String]?

    /// The inbox value of `record`, with the circles that hold its requester.
    public init(_ record: RequestRecord, requesterCircles: [String]? = nil) {
        requestId = record.id
        from = record.requester
        profileId = record.profileId
        field = record.field
        reason = record.reason
        createdAt = record.createdAt
        expiresAt = record.expiresAt
        status = record.status
        self.requesterCircles = requesterCircles
    }
}
