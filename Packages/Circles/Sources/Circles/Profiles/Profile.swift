import Foundation

/// One of an account's profiles as its owner sees it: every field, the circles a shadow is shown to.
public struct Profile: Sendable, Hashable, Identifiable {
    /// UUID string.
    public var id: String
    public var ownerAccountId: String
    public var type: ProfileType
    public var displayName: String
    /// 3-30 of [a-z0-9_.], stored lower-cased; nil until set.
    public var username: String?
    public var bio: String?
    public var phone: String?
    public var email: String?
    public var photo: String?
    /// A shadow's audience: the circles it is shown to (none until given). Empty for the primary.
    public var shownToCircleIds: [String]
    /// When `shadow reveal` linked this shadow to the primary (irreversible); nil when never.
    public var revealedAt: Date?
    /// When this profile was last made the persona.
    public var lastUsedAt: Date?
    public var createdAt: Date

    /// Creates a profile value (the service creates profiles; this is for stores and tests).
    public init(
        id: String, ownerAccountId: String, type: ProfileType, displayName: String, username: String? = nil,
        bio: String? = nil, phone: String? = nil, email: String? = nil, photo: String? = nil,
        shownToCircleIds: [String] = [], revealedAt: Date? = nil, lastUsedAt: Date? = nil, createdAt: Date
    ) {
        self.id = id
        self.ownerAccountId = ownerAccountId
        self.type = type
        self.displayName = displayName
        self.username = username
        self.bio = bio
        self.phone = phone
        self.email = email
        self.photo = photo
        self.shownToCircleIds = shownToCircleIds
        self.revealedAt = revealedAt
        self.lastUsedAt = lastUsedAt
        self.createdAt = createdAt
    }

    public var isShadow: Bool { type != .primary }

    /// The stored value of a field.
    public func value(of field: Field) -> String? {
        switch field {
        case .displayName: displayName
        case .username: username
        case .photo: photo
        case .bio: bio
        case .email: email
        case .phone: phone
        }
    }
}
