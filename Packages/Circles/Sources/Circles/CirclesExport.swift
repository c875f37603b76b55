import Foundation

/// Circles' part of an account's export (`"circles"` in the document): its circles, contacts with the circles
/// holding them, profiles and shadows with their audiences and matrices (staged edits too), its active persona,
/// requests and grants both ways, and dismissed suggestions. Made by `CirclesAccountData.export`; holds nothing of
/// another account that the account is not shown.
public struct CirclesExport: Encodable, Sendable {
    /// One of its circles.
    public struct CircleRecord: Encodable, Sendable {
        public var id: String
        public var name: String
        public var kind: CircleKind
        public var emoji: String
        public var color: CircleColor
        public var position: Int
        public var createdAt: Date

        init(_ circle: Circle) {
            id = circle.id
            name = circle.name
            kind = circle.kind
            emoji = circle.emoji
            color = circle.color
            position = circle.position
            createdAt = circle.createdAt
        }
    }

    /// One of its contacts, as it typed it, with the circles holding it (not Contacts or Public).
    public struct ContactRecord: Encodable, Sendable {
        public var id: String
        public var displayName: String
        /// The account the contact is linked to, as `contacts --json` shows it.
        public var linkedAccountId: String?
        public var phone: String?
        public var email: String?
        public var createdAt: Date
        public var circleIds: [String]
        public var circleNames: [String]

        init(_ contact: Contact, circles: [Circle]) {
            id = contact.id
            displayName = contact.displayName
            linkedAccountId = contact.linkedAccountId
            phone = contact.phone
            email = contact.email
            createdAt = contact.createdAt
            circleIds = circles.map(\.id)
            circleNames = circles.map(\.name)
        }
    }

    /// One cell of a profile's matrix.
    public struct Cell: Encodable, Sendable {
        public var field: Field
        public var circleId: String
        public var circleName: String?
        public var access: Access

        init(field: Field, circleId: String, circleName: String?, access: Access) {
            self.field = field
            self.circleId = circleId
            self.circleName = circleName
            self.access = access
        }

        init(_ cell: MatrixCell, circleNames: [String: String]) {
            self.init(
                field: cell.field, circleId: cell.circleId, circleName: circleNames[cell.circleId], access: cell.access)
        }
    }

    /// Its primary profile or a shadow: every field, the circles a shadow is shown to, the whole matrix (stored
    /// cells over the defaults) and the edits staged but not saved.
    public struct ProfileRecord: Encodable, Sendable {
        public var id: String
        public var type: ProfileType
        public var displayName: String
        public var username: String?
        public var bio: String?
        public var phone: String?
        public var email: String?
        public var photo: String?
        public var shownToCircleIds: [String]
        public var shownToCircleNames: [String]
        public var revealedAt: Date?
        public var lastUsedAt: Date?
        public var createdAt: Date
        /// Whether this is the active persona.
        public var active: Bool
        public var matrix: [Cell]
        public var staged: [Cell]

        init(_ profile: Profile, active: Bool, circleNames: [String: String], matrix: [Cell], staged: [Cell]) {
            id = profile.id
            type = profile.type
            displayName = profile.displayName
            username = profile.username
            bio = profile.bio
            phone = profile.phone
            email = profile.email
            photo = profile.photo
            shownToCircleIds = profile.shownToCircleIds
            shownToCircleNames = profile.shownToCircleIds.compactMap { circleNames[$0] }
            revealedAt = profile.revealedAt
            lastUsedAt = profile.lastUsedAt
            createdAt = profile.createdAt
            self.active = active
            self.matrix = matrix
            self.staged = staged
        }
    }

    /// Who a request is from or a grant is to: the persona shown, never the account behind it.
    public struct PersonaRecord: Encodable, Sendable {
        public var displayName: String
        public var username: String?

        init(_ summary: PersonaSummary) {
            displayName = summary.displayName
            username = summary.username
        }
    }

    /// A request to one of its profiles, as its inbox shows it.
    public struct RequestToMe: Encodable, Sendable {
        public var id: String
        public var from: PersonaRecord
        public var profileId: String
        public var field: Field
        public var reason: String?
        public var createdAt: Date
        public var expiresAt: Date
        public var status: RequestStatus

        init(_ record: RequestRecord) {
            id = record.id
            from = PersonaRecord(record.requester)
            profileId = record.profileId
            field = record.field
            reason = record.reason
            createdAt = record.createdAt
            expiresAt = record.expiresAt
            status = record.status
        }
    }

    /// A grant of one of its profiles, as its grants list shows it.
    public struct GrantGiven: Encodable, Sendable {
        public var id: String
        public var to: PersonaRecord
        public var profileId: String
        /// nil: every field.
        public var field: Field?
        public var createdAt: Date
        public var expiresAt: Date?

        init(_ record: GrantRecord) {
            id = record.id
            to = PersonaRecord(record.viewer)
            profileId = record.profileId
            field = record.field
            createdAt = record.createdAt
            expiresAt = record.expiresAt
        }
    }

    /// A request it made for a field of someone else's profile: the profile it asked, under which of its personas,
    /// and what became of it.
    public struct RequestMade: Encodable, Sendable {
        public var id: String
        public var profileId: String
        /// Its persona when it asked (the owner was shown this one).
        public var personaProfileId: String
        public var persona: PersonaRecord
        public var field: Field
        public var reason: String?
        public var createdAt: Date
        public var expiresAt: Date
        public var status: RequestStatus

        init(_ record: RequestRecord) {
            id = record.id
            profileId = record.profileId
            personaProfileId = record.requesterProfileId
            persona = PersonaRecord(record.requester)
            field = record.field
            reason = record.reason
            createdAt = record.createdAt
            expiresAt = record.expiresAt
            status = record.status
        }
    }

    /// A grant it holds on someone else's profile.
    public struct GrantHeld: Encodable, Sendable {
        public var id: String
        public var profileId: String
        /// nil: every field.
        public var field: Field?
        public var createdAt: Date
        public var expiresAt: Date?

        init(_ record: GrantRecord) {
            id = record.id
            profileId = record.profileId
            field = record.field
            createdAt = record.createdAt
            expiresAt = record.expiresAt
        }
    }

    /// Mandatory, prepopulated, then custom circles, in their order.
    public var circles: [CircleRecord] = []
    /// In creation order.
    public var contacts: [ContactRecord] = []
    /// The primary first, then shadows, in creation order.
    public var profiles: [ProfileRecord] = []
    /// The persisted active persona (nil: the primary).
    public var activePersonaId: String?
    public var requestsToMe: [RequestToMe] = []
    public var grantsGiven: [GrantGiven] = []
    public var requestsMade: [RequestMade] = []
    public var grantsHeld: [GrantHeld] = []
    public var dismissedSuggestions: [String] = []
}
