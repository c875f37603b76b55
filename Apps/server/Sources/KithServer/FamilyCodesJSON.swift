import FamilyCodes
import Foundation

/// The JSON bodies of the family routes: the seed's names where it gives them (`familyCode`, `success`,
/// `members`), camelCase and ISO-8601 like the rest.
enum FamilyCodesJSON {
    struct CodeJSON: Encodable, Sendable {
        let familyId: String
        let code: String
        /// The seed's name for `code`.
        let familyCode: String
        let generatedAt: Date

        init(_ code: FamilyCode) {
            familyId = code.familyId
            self.code = code.code
            familyCode = code.code
            generatedAt = code.generatedAt
        }
    }

    /// `POST /api/family/create`, as the seed gives it, plus when the code was made.
    struct CreateJSON: Encodable, Sendable {
        let success: Bool
        let familyId: String
        let familyName: String
        let familyCode: String
        let generatedAt: Date
    }

    struct MemberJSON: Encodable, Sendable {
        let memberId: String
        let accountId: Nullable<String>
        let displayName: String
        let email: Nullable<String>
        let kind: String
        let role: String
        let addedAt: Date

        init(_ member: FamilyMember) {
            memberId = member.memberId
            accountId = Nullable(member.accountId)
            displayName = member.displayName
            email = Nullable(member.email)
            kind = member.kind.rawValue
            role = member.role.rawValue
            addedAt = member.addedAt
        }
    }

    struct MembersJSON: Encodable, Sendable {
        let members: [MemberJSON]
    }

    struct RemovedJSON: Encodable, Sendable {
        let success: Bool
        let member: MemberJSON
    }

    struct JoinedJSON: Encodable, Sendable {
        let message: String
        let familyId: String
        let name: String
    }

    /// `POST /api/family/use`: the family now active.
    struct FamilyRefJSON: Encodable, Sendable {
        let familyId: String
        let name: String
    }

    struct FamilyJSON: Encodable, Sendable {
        let familyId: String
        let name: String
        let code: Nullable<String>
        let generatedAt: Nullable<Date>
        let joinedAt: Date
        let active: Bool

        init(_ family: JoinedFamily) {
            familyId = family.familyId
            name = family.name
            code = Nullable(family.code)
            generatedAt = Nullable(family.codeGeneratedAt)
            joinedAt = family.joinedAt
            active = family.isActive
        }
    }

    struct FamiliesJSON: Encodable, Sendable {
        let families: [FamilyJSON]
    }

    struct LeftJSON: Encodable, Sendable {
        let success: Bool
        let family: FamilyJSON
    }

    struct UsageJSON: Encodable, Sendable {
        let at: Date
        let accountId: String
        let code: String
        let familyId: Nullable<String>
        let result: String

        init(_ usage: FamilyCodeUsage) {
            at = usage.at
            accountId = usage.accountId
            code = usage.code
            familyId = Nullable(usage.familyId)
            result = usage.result.rawValue
        }
    }

    struct LogJSON: Encodable, Sendable {
        let log: [UsageJSON]
    }

    /// `GET /api/family`: `view` says which shape it is (as `family --json`).
    struct OverviewJSON: Encodable, Sendable {
        let view: String
        let familyId: Nullable<String>
        let name: Nullable<String>
        let code: Nullable<String>
        let generatedAt: Nullable<Date>
        let members: Nullable<[MemberJSON]>
        let families: Nullable<[FamilyJSON]>

        init(_ overview: FamilyOverview) {
            switch overview {
            case .player(let card):
                view = "player"
                familyId = Nullable(card.familyId)
                name = Nullable(card.name)
                code = Nullable(card.code.code)
                generatedAt = Nullable(card.code.generatedAt)
                members = Nullable(card.members.map(MemberJSON.init))
                families = Nullable(nil)
            case .parent(let joined):
                view = "parent"
                familyId = Nullable(nil)
                name = Nullable(nil)
                code = Nullable(nil)
                generatedAt = Nullable(nil)
                members = Nullable(nil)
                families = Nullable(joined.map(FamilyJSON.init))
            }
        }
    }

    // MARK: - Request bodies

    /// The seed sends `familyCode`; `code` is accepted too.
    struct JoinBody: Decodable, Sendable {
        let familyCode: String?
        let code: String?
    }

    /// A family by id or exact name.
    struct FamilyBody: Decodable, Sendable {
        let familyId: String
    }
}
