import Circles
import Foundation
import IdentityWire
import Kernel

/// A request in its owner's inbox (`GET /api/requests`, deny, Circle Detail's `pendingRequests`, `requests --json`):
/// CLI.md's `{requestId, from: {displayName, username}, profileId, field, reason, createdAt, expiresAt}` plus
/// `status`, and `requesterCircles`, the relationship context (the owner's circles holding the requester; null for a
/// request made under an unrevealed shadow); `reason` null when none was given.
public struct AccessRequestJSON: Codable, Sendable, Equatable {
    public var requestId: String
    public var from: PersonaSummaryJSON
    /// The owner's profile the request is for.
    public var profileId: String
    public var field: Field
    @ExplicitNull public var reason: String?
    public var createdAt: Date
    public var expiresAt: Date
    public var status: RequestStatus
    @ExplicitNull public var requesterCircles: [String]?

    /// The JSON of `request`.
    public init(_ request: AccessRequest) {
        requestId = request.requestId
        from = PersonaSummaryJSON(request.from)
        profileId = request.profileId
        field = request.field
        reason = request.reason
        createdAt = request.createdAt
        expiresAt = request.expiresAt
        status = request.status
        requesterCircles = request.requesterCircles
    }

    /// The request again. The requester's account and profile never leave the server, and the inbox value does not
    /// hold them (nor its owner), so the record it is made from leaves them empty.
    public var request: AccessRequest {
        AccessRequest(
            RequestRecord(
                id: requestId, ownerAccountId: "", profileId: profileId, requesterAccountId: "",
                requesterProfileId: "", requester: from.summary, field: field, reason: reason, createdAt: createdAt,
                expiresAt: expiresAt, status: status), requesterCircles: requesterCircles)
    }
}
