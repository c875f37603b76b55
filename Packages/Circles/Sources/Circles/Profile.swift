import Foundation

/// What a profile is: the account's primary, or a shadow of one of three types.
public enum ProfileType: String, Sendable, Codable, CaseIterable, Hashable {
    case primary
    case professional
    case personal
    case anonymous

    /// The types a shadow may have.
    public static let shadowTypes: [ProfileType] = [.professional, .personal, .anonymous]
}

/// One of an account's profiles as its owner sees it: every field, the circles a shadow is shown to.
public struct Profile: Sendable, Hashable, Identifiable, Encodable {
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

    enum CodingKeys: String, CodingKey {
        case profileId, type, displayName, username, bio, phone, email, photo, shownToCircleIds, revealedAt, lastUsedAt
        case createdAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .profileId)
        try container.encode(type, forKey: .type)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(username, forKey: .username)
        try container.encode(bio, forKey: .bio)
        try container.encode(phone, forKey: .phone)
        try container.encode(email, forKey: .email)
        try container.encode(photo, forKey: .photo)
        try container.encode(shownToCircleIds, forKey: .shownToCircleIds)
        try container.encode(revealedAt, forKey: .revealedAt)
        try container.encode(lastUsedAt, forKey: .lastUsedAt)
        try container.encode(createdAt, forKey: .createdAt)
    }
}

/// What `profile edit` changes: nil leaves a field alone; "" clears it (never the display name).
public struct ProfileEdit: Sendable, Hashable {
    public var displayName: String?
    public var username: String?
    public var bio: String?
    public var phone: String?
    public var email: String?
    public var photo: String?

    public init(
        displayName: String? = nil, username: String? = nil, bio: String? = nil, phone: String? = nil,
        email: String? = nil, photo: String? = nil
    ) {
        self.displayName = displayName
        self.username = username
        self.bio = bio
        self.phone = phone
        self.email = email
        self.photo = photo
    }
}

/// The primary a revealed shadow belongs to, as its viewers see it.
public struct RevealedIdentity: Sendable, Hashable, Codable {
    public var profileId: String
    public var displayName: String
    public var username: String?

    public init(profileId: String, displayName: String, username: String?) {
        self.profileId = profileId
        self.displayName = displayName
        self.username = username
    }
}

/// A profile as one viewer gets it (`look`, `view-as`): allowed values, nil for the rest; the fields it may ask for.
public struct ProfileView: Sendable, Hashable, Encodable {
    public var profileId: String
    /// Every field: its value when allowed (nil when unset), nil when denied or ask.
    public var fields: [Field: String?]
    /// The fields that are ask for this viewer: it may request them.
    public var ask: [Field]
    /// The primary behind a revealed shadow; nil otherwise (always nil for a primary).
    public var revealedAs: RevealedIdentity?
    /// What each field is for this viewer (allow, deny or ask).
    public var access: [Field: Access]

    public init(
        profileId: String, fields: [Field: String?], ask: [Field], revealedAs: RevealedIdentity?,
        access: [Field: Access]
    ) {
        self.profileId = profileId
        self.fields = fields
        self.ask = ask
        self.revealedAs = revealedAs
        self.access = access
    }

    enum CodingKeys: String, CodingKey {
        case profileId, fields, ask, revealedAs, access
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(profileId, forKey: .profileId)
        var fieldsContainer = container.nestedContainer(keyedBy: FieldKey.self, forKey: .fields)
        for field in Field.allCases {
            // Explicit nulls: a denied field is listed, with no value.
            try fieldsContainer.encode(fields[field] ?? nil, forKey: FieldKey(field))
        }
        try container.encode(ask.sorted(), forKey: .ask)
        try container.encode(revealedAs, forKey: .revealedAs)
        try container.encode(access, forKey: .access)
    }
}

struct FieldKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ field: Field) { stringValue = field.rawValue }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A profile as the persona switcher (card deck) lists it.
public struct Persona: Sendable, Hashable, Encodable {
    public var profileId: String
    public var displayName: String
    public var type: ProfileType
    public var active: Bool
    public var lastUsed: Date?
    /// The profile's username (nil until set), for the card deck.
    public var username: String?

    public init(
        profileId: String, displayName: String, type: ProfileType, active: Bool, lastUsed: Date?,
        username: String? = nil
    ) {
        self.profileId = profileId
        self.displayName = displayName
        self.type = type
        self.active = active
        self.lastUsed = lastUsed
        self.username = username
    }
}

/// Who a request is from or a grant is to, as its owner sees it: the requester's persona at request time.
public struct PersonaSummary: Sendable, Hashable, Codable {
    public var displayName: String
    public var username: String?

    public init(displayName: String, username: String?) {
        self.displayName = displayName
        self.username = username
    }
}
