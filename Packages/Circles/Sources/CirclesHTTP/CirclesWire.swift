import Circles
import Foundation
import Networking

/// The server's JSON shapes for the Circles routes (see Apps/server/openapi.json and CLI.md), read back into the
/// domain's values. What the wire leaves out (owners, creation order) is filled in from the request's context.
enum CirclesWire {
    // MARK: - Responses

    struct ContactJSON: Decodable, Sendable {
        let contactId: String
        let displayName: String
        let accountId: String?
        let phone: String?
        let email: String?
        let circles: [String]
        let circleIds: [String]

        func contact(owner: String) -> Contact {
            Contact(
                id: contactId, ownerAccountId: owner, displayName: displayName, linkedAccountId: accountId,
                phone: phone, email: email, createdAt: .distantPast, circleIds: circleIds, circleNames: circles)
        }
    }

    struct CircleJSON: Decodable, Sendable {
        let circleId: String
        let name: String
        let kind: CircleKind
        let emoji: String
        let color: CircleColor
        let memberCount: Int?

        /// A built-in circle is known by its name, which can never change; `position` is its place in the list.
        func circle(owner: String, position: Int) -> Circle {
            let builtIn = kind == .custom ? nil : BuiltInCircle.allCases.first { $0.name == name }
            return Circle(
                id: circleId, ownerAccountId: owner, name: name, builtIn: builtIn, emoji: emoji, color: color,
                position: position, createdAt: .distantPast, memberCount: memberCount)
        }
    }

    struct CircleDetailJSON: Decodable, Sendable {
        let circleId: String
        let name: String
        let kind: CircleKind
        let emoji: String
        let color: CircleColor
        let memberCount: Int?
        let members: [ContactJSON]
        let profileId: String
        let access: [String: Access]
        let pendingRequests: [RequestJSON]

        func detail(owner: String) -> CircleDetail {
            let circle = CircleJSON(
                circleId: circleId, name: name, kind: kind, emoji: emoji, color: color, memberCount: memberCount)
            return CircleDetail(
                circle: circle.circle(owner: owner, position: 0), members: members.map { $0.contact(owner: owner) },
                profileId: profileId, access: CirclesWire.byField(access),
                pendingRequests: pendingRequests.map { $0.request(owner: owner) })
        }
    }

    struct SuggestionJSON: Decodable, Sendable {
        let suggestionId: String
        let circleIds: [String]
        let circleNames: [String]
        let jaccard: Double

        var suggestion: MergeSuggestion {
            MergeSuggestion(
                suggestionId: suggestionId, circleIds: circleIds, circleNames: circleNames, jaccard: jaccard)
        }
    }

    struct ProfileJSON: Decodable, Sendable {
        let profileId: String
        let type: ProfileType
        let displayName: String
        let username: String?
        let bio: String?
        let phone: String?
        let email: String?
        let photo: String?
        let shownToCircleIds: [String]
        let revealedAt: Date?
        let lastUsedAt: Date?
        let createdAt: Date

        func profile(owner: String) -> Profile {
            Profile(
                id: profileId, ownerAccountId: owner, type: type, displayName: displayName, username: username,
                bio: bio, phone: phone, email: email, photo: photo, shownToCircleIds: shownToCircleIds,
                revealedAt: revealedAt, lastUsedAt: lastUsedAt, createdAt: createdAt)
        }
    }

    struct PersonaJSON: Decodable, Sendable {
        let profileId: String
        let displayName: String
        let type: ProfileType
        let active: Bool
        let lastUsed: Date?
        let username: String?

        var persona: Persona {
            Persona(
                profileId: profileId, displayName: displayName, type: type, active: active, lastUsed: lastUsed,
                username: username)
        }
    }

    /// `{profileId, cells, unsaved, staged}`; the columns come from `GET /api/circles`.
    struct MatrixJSON: Decodable, Sendable {
        let profileId: String
        let cells: [String: [String: Access]]
        let unsaved: Bool
        let staged: [String: [String: Access]]

        func matrix(circles: [Circle]) -> AccessMatrix {
            AccessMatrix(
                profileId: profileId, cells: CirclesWire.byField(cells), unsaved: unsaved,
                staged: CirclesWire.byField(staged), circles: circles)
        }
    }

    struct ProfileViewJSON: Decodable, Sendable {
        let profileId: String
        let fields: [String: String?]
        let ask: [String]
        let revealedAs: RevealedIdentity?
        let access: [String: Access]

        var view: ProfileView {
            var values: [Field: String?] = [:]
            for field in Field.allCases { values[field] = fields[field.rawValue] ?? nil }
            return ProfileView(
                profileId: profileId, fields: values, ask: ask.compactMap(Field.init(rawValue:)),
                revealedAs: revealedAs, access: CirclesWire.byField(access))
        }
    }

    struct RequestJSON: Decodable, Sendable {
        let requestId: String
        let from: PersonaSummary
        let profileId: String
        let field: Field
        let reason: String?
        let createdAt: Date
        let expiresAt: Date
        let status: RequestStatus

        /// The requester's account and profile never leave the server; the inbox value does not hold them.
        func request(owner: String) -> AccessRequest {
            AccessRequest(
                RequestRecord(
                    id: requestId, ownerAccountId: owner, profileId: profileId, requesterAccountId: "",
                    requesterProfileId: "", requester: from, field: field, reason: reason, createdAt: createdAt,
                    expiresAt: expiresAt, status: status))
        }
    }

    struct GrantJSON: Decodable, Sendable {
        let grantId: String
        let to: PersonaSummary
        let profileId: String
        let field: Field?
        let createdAt: Date

        func grant(owner: String) -> Grant {
            Grant(
                GrantRecord(
                    id: grantId, ownerAccountId: owner, profileId: profileId, viewerAccountId: "", viewer: to,
                    field: field, createdAt: createdAt))
        }
    }

    /// Keys that name fields, as `Field`s (unknown keys are left out).
    static func byField<Value>(_ values: [String: Value]) -> [Field: Value] {
        var result: [Field: Value] = [:]
        for (key, value) in values {
            if let field = Field(rawValue: key) { result[field] = value }
        }
        return result
    }

    // MARK: - Request bodies

    struct ContactBody: Encodable, Sendable {
        let displayName: String
        let accountEmail: String?
        let phone: String?
        let email: String?
    }

    /// Absent leaves a value alone; "" clears phone, email or the link.
    struct ContactEditBody: Encodable, Sendable {
        let displayName: String?
        let accountEmail: String?
        let phone: String?
        let email: String?
    }

    struct CircleEditBody: Encodable, Sendable {
        let name: String?
        let emoji: String?
        let color: String?
    }

    struct CircleBody: Encodable, Sendable {
        let name: String
        let emoji: String?
        let color: String?
    }

    struct ContactsBody: Encodable, Sendable {
        let contacts: [String]
    }

    struct MergeBody: Encodable, Sendable {
        let into: String
    }

    struct CellBody: Encodable, Sendable {
        let field: String
        let circle: String
        let access: String
    }

    struct CycleBody: Encodable, Sendable {
        let field: String
        let circle: String
    }

    struct CircleRefBody: Encodable, Sendable {
        let circle: String
    }

    struct RequestBody: Encodable, Sendable {
        let target: String
        let field: String
        let reason: String?
    }

    struct AllowBody: Encodable, Sendable {
        let allFields: Bool
    }

    struct ShadowBody: Encodable, Sendable {
        let type: String
        let displayName: String
        let circles: [String]
    }

    struct ShadowCirclesBody: Encodable, Sendable {
        let circles: [String]
    }

    struct ProfileRefBody: Encodable, Sendable {
        let profile: String
    }

    struct ProfileEditBody: Encodable, Sendable {
        let displayName: String?
        let username: String?
        let bio: String?
        let phone: String?
        let email: String?
        let photo: String?
    }

    // MARK: - Paths

    /// A path segment or query value with everything but unreserved characters percent-encoded (names have
    /// spaces; emails have `@` and `+`).
    static func segment(_ text: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// `path` with `?profile=` when a profile is named (absent: the active persona).
    static func path(_ path: String, profile: String?) -> String {
        guard let profile else { return path }
        return path + "?profile=" + segment(profile)
    }
}
