import Foundation

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
