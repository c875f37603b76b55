import Foundation

/// A circle of an owner's contacts: mandatory, prepopulated or custom.
public struct Circle: Sendable, Hashable, Identifiable, Encodable {
    /// UUID string.
    public var id: String
    public var ownerAccountId: String
    public var name: String
    /// Which of the five built-in circles this is, or nil for a custom one.
    public var builtIn: BuiltInCircle?
    public var emoji: String
    public var color: CircleColor
    /// Orders circles (creation order); the access engine gives circles bits in this order.
    public var position: Int
    public var createdAt: Date
    /// Members (Contacts: every contact); nil for Public, which is anyone. Filled by the service.
    public var memberCount: Int?

    /// Shown on Circles Home when there is no custom circle.
    public static let noCustomCirclesHint = "Create your first circle"
    /// Shown on Circle Detail for a circle without members.
    public static let emptyCircleHint = "Add your first member"

    /// Creates a circle value (the service creates circles; this is for stores and tests).
    public init(
        id: String, ownerAccountId: String, name: String, builtIn: BuiltInCircle?, emoji: String, color: CircleColor,
        position: Int, createdAt: Date, memberCount: Int? = nil
    ) {
        self.id = id
        self.ownerAccountId = ownerAccountId
        self.name = name
        self.builtIn = builtIn
        self.emoji = emoji
        self.color = color
        self.position = position
        self.createdAt = createdAt
        self.memberCount = memberCount
    }

    public var kind: CircleKind { builtIn?.kind ?? .custom }

    /// Whether members can be added or removed by hand (everything but Contacts and Public).
    public var takesMembers: Bool { kind != .mandatory }

    enum CodingKeys: String, CodingKey {
        case circleId, name, kind, emoji, color, memberCount
    }

    /// CLI.md's `{circleId, name, kind, emoji, color, memberCount}` (`memberCount` null for Public).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .circleId)
        try container.encode(name, forKey: .name)
        try container.encode(kind, forKey: .kind)
        try container.encode(emoji, forKey: .emoji)
        try container.encode(color, forKey: .color)
        try container.encode(memberCount, forKey: .memberCount)
    }
}

/// What `circle edit` changes; nil leaves a value alone.
public struct CircleEdit: Sendable, Hashable {
    public var name: String?
    public var emoji: String?
    public var color: String?

    public init(name: String? = nil, emoji: String? = nil, color: String? = nil) {
        self.name = name
        self.emoji = emoji
        self.color = color
    }
}

/// A contact's membership of a (manual-membership) circle.
public struct Membership: Sendable, Hashable {
    public var circleId: String
    public var contactId: String

    public init(circleId: String, contactId: String) {
        self.circleId = circleId
        self.contactId = contactId
    }
}

/// Circle Detail (C2): the circle, its members, its column of the persona's matrix, and pending requests.
public struct CircleDetail: Sendable, Hashable, Encodable {
    public var circle: Circle
    /// The members (Contacts: every contact; Public: none listed), by name.
    public var members: [Contact]
    /// The profile whose access summary is shown (the active persona).
    public var profileId: String
    /// The circle's column of that profile's saved matrix.
    public var access: [Field: Access]
    /// Pending requests to the owner from contacts in this circle (for every profile of the owner).
    public var pendingRequests: [AccessRequest]

    public init(
        circle: Circle, members: [Contact], profileId: String, access: [Field: Access], pendingRequests: [AccessRequest]
    ) {
        self.circle = circle
        self.members = members
        self.profileId = profileId
        self.access = access
        self.pendingRequests = pendingRequests
    }

    /// "Add your first member" for a circle that takes members and has none.
    public var emptyHint: String? { circle.takesMembers && members.isEmpty ? Circle.emptyCircleHint : nil }
}
