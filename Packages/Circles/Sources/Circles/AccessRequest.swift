import Foundation

/// Where an access request stands.
public enum RequestStatus: String, Sendable, Codable, CaseIterable, Hashable {
    case pending
    case allowed
    case denied
}

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

/// A request as its owner's inbox shows it: the requester's persona, never its account or other profiles.
public struct AccessRequest: Sendable, Hashable, Encodable {
    public var requestId: String
    public var from: PersonaSummary
    public var profileId: String
    public var field: Field
    public var reason: String?
    public var createdAt: Date
    public var expiresAt: Date
    public var status: RequestStatus

    public init(_ record: RequestRecord) {
        requestId = record.id
        from = record.requester
        profileId = record.profileId
        field = record.field
        reason = record.reason
        createdAt = record.createdAt
        expiresAt = record.expiresAt
        status = record.status
    }
}

/// What `request` returns to the viewer: only the request's id.
public struct RequestReceipt: Sendable, Hashable, Codable {
    public var requestId: String

    public init(requestId: String) { self.requestId = requestId }
}

/// A stored grant: the viewer account may see `field` (nil: every field) of the profile, until revoked.
public struct GrantRecord: Sendable, Hashable, Identifiable {
    public var id: String
    public var ownerAccountId: String
    public var profileId: String
    public var viewerAccountId: String
    /// The viewer's persona as its request showed it.
    public var viewer: PersonaSummary
    /// nil: all fields.
    public var field: Field?
    public var createdAt: Date
    /// When the grant stops applying; nil: until revoked (what `requests allow` gives).
    public var expiresAt: Date?

    public init(
        id: String, ownerAccountId: String, profileId: String, viewerAccountId: String, viewer: PersonaSummary,
        field: Field?, createdAt: Date, expiresAt: Date? = nil
    ) {
        self.id = id
        self.ownerAccountId = ownerAccountId
        self.profileId = profileId
        self.viewerAccountId = viewerAccountId
        self.viewer = viewer
        self.field = field
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }

    public func isLive(at now: Date) -> Bool { expiresAt.map { now < $0 } ?? true }
}

/// A live grant as its owner lists it.
public struct Grant: Sendable, Hashable, Encodable {
    public var grantId: String
    public var to: PersonaSummary
    public var profileId: String
    /// nil: all fields.
    public var field: Field?
    public var createdAt: Date

    public init(_ record: GrantRecord) {
        grantId = record.id
        to = record.viewer
        profileId = record.profileId
        field = record.field
        createdAt = record.createdAt
    }

    enum CodingKeys: String, CodingKey {
        case grantId, to, profileId, field, createdAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(grantId, forKey: .grantId)
        try container.encode(to, forKey: .to)
        try container.encode(profileId, forKey: .profileId)
        try container.encode(field, forKey: .field)  // null = all fields
        try container.encode(createdAt, forKey: .createdAt)
    }
}

/// Two circles that look alike: suggested for merging, never merged by itself.
public struct MergeSuggestion: Sendable, Hashable, Encodable {
    /// Stable for the pair of circles.
    public var suggestionId: String
    /// The custom circle first (FROM of a merge), then the other.
    public var circleIds: [String]
    /// The same circles' names.
    public var circleNames: [String]
    /// |A ∩ B| / |A ∪ B| of their member sets.
    public var jaccard: Double

    public init(suggestionId: String, circleIds: [String], circleNames: [String], jaccard: Double) {
        self.suggestionId = suggestionId
        self.circleIds = circleIds
        self.circleNames = circleNames
        self.jaccard = jaccard
    }

    /// The banner on Circles Home.
    public static func banner(count: Int) -> String {
        count == 1 ? "2 circles look similar" : "\(count) pairs of circles look similar"
    }
}
