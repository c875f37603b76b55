import Circles
import Foundation

/// The JSON bodies of the Circles routes: CLI.md's keys, every documented key present (null included).
///
/// `Contact`, `Circle`, `Profile`, `AccessMatrix`, `MergeSuggestion` and `RequestReceipt` already encode CLI.md's
/// keys with explicit nulls and are answered as they are; the DTOs here cover the values whose synthesized
/// encoding would leave a nil key out.
enum CirclesJSON {
    /// `{displayName, username}` of a requester or grantee: its persona at request time, never its account.
    struct PersonaSummaryJSON: Encodable, Sendable {
        let displayName: String
        let username: Nullable<String>

        init(_ summary: PersonaSummary) {
            displayName = summary.displayName
            username = Nullable(summary.username)
        }
    }

    /// One pending request in the owner's inbox (and in Circle Detail).
    struct RequestJSON: Encodable, Sendable {
        let requestId: String
        let from: PersonaSummaryJSON
        let profileId: String
        let field: String
        let reason: Nullable<String>
        let createdAt: Date
        let expiresAt: Date
        let status: String

        init(_ request: AccessRequest) {
            requestId = request.requestId
            from = PersonaSummaryJSON(request.from)
            profileId = request.profileId
            field = request.field.rawValue
            reason = Nullable(request.reason)
            createdAt = request.createdAt
            expiresAt = request.expiresAt
            status = request.status.rawValue
        }
    }

    /// A live grant: `field` null means every field.
    struct GrantJSON: Encodable, Sendable {
        let grantId: String
        let to: PersonaSummaryJSON
        let profileId: String
        let field: Nullable<String>
        let createdAt: Date

        init(_ grant: Grant) {
            grantId = grant.grantId
            to = PersonaSummaryJSON(grant.to)
            profileId = grant.profileId
            field = Nullable(grant.field?.rawValue)
            createdAt = grant.createdAt
        }
    }

    /// One persona of the card deck.
    struct PersonaJSON: Encodable, Sendable {
        let profileId: String
        let displayName: String
        let type: String
        let active: Bool
        let lastUsed: Nullable<Date>
        let username: Nullable<String>

        init(_ persona: Persona) {
            profileId = persona.profileId
            displayName = persona.displayName
            type = persona.type.rawValue
            active = persona.active
            lastUsed = Nullable(persona.lastUsed)
            username = Nullable(persona.username)
        }
    }

    /// The primary behind a revealed shadow.
    struct RevealedJSON: Encodable, Sendable {
        let profileId: String
        let displayName: String
        let username: Nullable<String>
    }

    /// `look` and `view-as`: every field (null when denied, asked or unset), the ask fields, `revealedAs`, and
    /// what each field is for the viewer.
    struct ProfileViewJSON: Encodable, Sendable {
        let profileId: String
        let fields: [String: Nullable<String>]
        let ask: [String]
        let revealedAs: Nullable<RevealedJSON>
        let access: [String: String]

        init(_ view: ProfileView) {
            profileId = view.profileId
            var fields: [String: Nullable<String>] = [:]
            var access: [String: String] = [:]
            for field in Field.allCases {
                fields[field.rawValue] = Nullable(view.fields[field] ?? nil)
                access[field.rawValue] = (view.access[field] ?? .deny).rawValue
            }
            self.fields = fields
            self.access = access
            ask = view.ask.sorted().map(\.rawValue)
            revealedAs = Nullable(
                view.revealedAs.map {
                    RevealedJSON(profileId: $0.profileId, displayName: $0.displayName, username: Nullable($0.username))
                })
        }
    }

    /// Circle Detail: the circle's own keys, its members, the active persona's access column, pending requests.
    struct CircleDetailJSON: Encodable, Sendable {
        let circleId: String
        let name: String
        let kind: String
        let emoji: String
        let color: String
        let memberCount: Nullable<Int>
        let members: [Contact]
        let profileId: String
        let access: [String: String]
        let pendingRequests: [RequestJSON]
        let emptyHint: Nullable<String>

        init(_ detail: CircleDetail) {
            let circle = detail.circle
            circleId = circle.id
            name = circle.name
            kind = circle.kind.rawValue
            emoji = circle.emoji
            color = circle.color.rawValue
            memberCount = Nullable(circle.memberCount)
            members = detail.members
            profileId = detail.profileId
            var access: [String: String] = [:]
            for (field, value) in detail.access { access[field.rawValue] = value.rawValue }
            self.access = access
            pendingRequests = detail.pendingRequests.map(RequestJSON.init)
            emptyHint = Nullable(detail.emptyHint)
        }
    }

    // MARK: - Request bodies

    /// `POST /api/contacts`: `accountEmail` links the contact to that account.
    struct ContactBody: Decodable, Sendable {
        let displayName: String
        let accountEmail: String?
        let phone: String?
        let email: String?
    }

    /// `PATCH /api/contacts/{contact}`: absent leaves a value alone; "" clears phone, email or the link.
    struct ContactEditBody: Decodable, Sendable {
        let displayName: String?
        let accountEmail: String?
        let phone: String?
        let email: String?
    }

    struct CircleBody: Decodable, Sendable {
        let name: String
        let emoji: String?
        let color: String?
    }

    struct CircleEditBody: Decodable, Sendable {
        let name: String?
        let emoji: String?
        let color: String?
    }

    struct ContactsBody: Decodable, Sendable {
        let contacts: [String]
    }

    struct MergeBody: Decodable, Sendable {
        let into: String
    }

    struct CellBody: Decodable, Sendable {
        let field: String
        let circle: String
        let access: String
    }

    struct CycleBody: Decodable, Sendable {
        let field: String
        let circle: String
    }

    struct CircleRefBody: Decodable, Sendable {
        let circle: String
    }

    /// `POST /api/requests`: `target` is an email or `@username`.
    struct RequestBody: Decodable, Sendable {
        let target: String
        let field: String
        let reason: String?
    }

    struct AllowBody: Decodable, Sendable {
        let allFields: Bool?
    }

    struct ShadowBody: Decodable, Sendable {
        let type: String
        let displayName: String
        let circles: [String]?
    }

    struct ShadowCirclesBody: Decodable, Sendable {
        let circles: [String]
    }

    struct ProfileRefBody: Decodable, Sendable {
        let profile: String
    }

    struct ProfileEditBody: Decodable, Sendable {
        let displayName: String?
        let username: String?
        let bio: String?
        let phone: String?
        let email: String?
        let photo: String?
    }
}
