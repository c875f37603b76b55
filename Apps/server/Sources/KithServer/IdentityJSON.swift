import Foundation
import Identity

/// The JSON bodies of the Identity routes (accounts, sessions, households, members).
enum IdentityJSON {
    /// `GET /api/me` and every account edit: the account, whom the request acts as, and its persona.
    struct Me: Encodable, Sendable {
        struct ActingAsJSON: Encodable, Sendable {
            let memberId: String
            let displayName: String
        }

        struct Persona: Encodable, Sendable {
            let profileId: String
            let displayName: String
            let type: String
        }

        let accountId: String
        let email: String
        let firstName: String
        let lastName: String
        let role: String
        let accountType: String
        let authMethod: String
        let createdAt: Date
        let actingAs: Nullable<ActingAsJSON>
        let persona: Persona

        /// `persona` is the Circles persona when known; else the primary, named by the account.
        init(_ account: Account, principal: Principal, persona: Persona? = nil) {
            accountId = account.id
            email = account.email
            firstName = account.firstName
            lastName = account.lastName
            role = account.role.rawValue
            accountType = account.accountType.rawValue
            authMethod = account.authMethod.rawValue
            createdAt = account.createdAt
            actingAs = Nullable(
                principal.actingAs.map { ActingAsJSON(memberId: $0.memberId, displayName: $0.displayName) })
            self.persona =
                persona
                ?? Persona(
                    profileId: principal.personaProfileId ?? account.id, displayName: account.displayName,
                    type: "primary")
        }
    }

    /// `POST /api/auth/signup` and `/api/auth/signin`: the new session's token, given once, and the account.
    struct SessionJSON: Encodable, Sendable {
        let accountId: String
        let sessionId: String
        let token: String
        let account: Me
    }

    struct MemberJSON: Encodable, Sendable {
        let memberId: String
        let displayName: String
        let kind: String
        let role: String
        let avatarKey: String
        let monogram: String
        let guardianAccountIds: [String]
        let addedAt: Date

        init(_ member: Member) {
            memberId = member.memberId
            displayName = member.displayName
            kind = member.kind.rawValue
            role = member.role.rawValue
            avatarKey = member.avatarKey
            monogram = member.monogram
            guardianAccountIds = member.guardianAccountIds
            addedAt = member.addedAt
        }
    }

    struct HouseholdJSON: Encodable, Sendable {
        let householdId: String
        let name: String
        let ownerAccountId: String
        let createdAt: Date
        let members: [MemberJSON]

        init(_ household: Household) {
            householdId = household.id
            name = household.name
            ownerAccountId = household.ownerAccountId
            createdAt = household.createdAt
            members = household.members.map(MemberJSON.init)
        }
    }

    // MARK: - Request bodies

    struct SignUpBody: Decodable, Sendable {
        let email: String
        let firstName: String
        let lastName: String
        let password: String
        let role: String?
        let accountType: String?
    }

    struct SignInBody: Decodable, Sendable {
        let email: String
        let password: String
    }

    struct NameBody: Decodable, Sendable {
        let firstName: String
        let lastName: String
    }

    struct RoleBody: Decodable, Sendable {
        let role: String
    }

    struct PasswordBody: Decodable, Sendable {
        let currentPassword: String
        let newPassword: String
    }

    struct HouseholdNameBody: Decodable, Sendable {
        let name: String
    }

    struct MemberBody: Decodable, Sendable {
        let displayName: String
        let avatarKey: String?
    }

    struct GuardianBody: Decodable, Sendable {
        let email: String
    }
}
