import Foundation
import Identity

/// The server's JSON shapes for accounts, sessions and households (see Apps/server/openapi.json).
enum IdentityJSON {
    /// `GET /api/me` and the account edits.
    struct Me: Decodable, Sendable {
        let accountId: String
        let email: String
        let firstName: String
        let lastName: String
        let role: AccountRole
        let accountType: AccountType
        let authMethod: AuthMethod
        let createdAt: Date

        var account: Account {
            Account(
                id: accountId, email: email, firstName: firstName, lastName: lastName, role: role,
                accountType: accountType, authMethod: authMethod, createdAt: createdAt)
        }
    }

    /// `POST /api/auth/signup` and `/api/auth/signin`.
    struct Session: Decodable, Sendable {
        let accountId: String
        let sessionId: String
        let token: String
        let account: Me

        var grant: SessionGrant { SessionGrant(sessionId: sessionId, accountId: accountId, token: token) }
    }

    struct HouseholdJSON: Decodable, Sendable {
        let householdId: String
        let name: String
        let ownerAccountId: String
        let createdAt: Date
        let members: [Member]

        var household: Household {
            Household(
                id: householdId, name: name, ownerAccountId: ownerAccountId, createdAt: createdAt, members: members)
        }
    }

    // MARK: - Request bodies

    struct SignUpBody: Encodable, Sendable {
        let email: String
        let firstName: String
        let lastName: String
        let password: String
        let role: String
        let accountType: String
    }

    struct SignInBody: Encodable, Sendable {
        let email: String
        let password: String
    }

    struct NameBody: Encodable, Sendable {
        let firstName: String
        let lastName: String
    }

    struct RoleBody: Encodable, Sendable {
        let role: String
    }

    struct PasswordBody: Encodable, Sendable {
        let currentPassword: String
        let newPassword: String
    }

    struct HouseholdNameBody: Encodable, Sendable {
        let name: String
    }

    struct MemberBody: Encodable, Sendable {
        let displayName: String
        let avatarKey: String
    }

    struct GuardianBody: Encodable, Sendable {
        let email: String
    }
}
