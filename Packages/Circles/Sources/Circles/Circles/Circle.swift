import Foundation

/// A circle of an owner's contacts: mandatory, prepopulated or custom.
public struct Circle: Sendable, Hashable, Identifiable {
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
