import FamilyCodes
import Foundation
import Networking

/// The server's JSON shapes for the family routes (see Apps/server/openapi.json).
enum FamilyCodesWire {
    struct Code: Decodable, Sendable {
        let familyId: String
        let code: String
        let generatedAt: Date

        var familyCode: FamilyCode { FamilyCode(familyId: familyId, code: code, generatedAt: generatedAt) }
    }

    struct Joined: Decodable, Sendable {
        let familyId: String
        let name: String
    }

    struct Members: Decodable, Sendable {
        let members: [FamilyMember]
    }

    struct Removed: Decodable, Sendable {
        let member: FamilyMember
    }

    struct Family: Decodable, Sendable {
        let familyId: String
        let name: String
        let code: String?
        let generatedAt: Date?
        let joinedAt: Date
        let active: Bool

        var joined: JoinedFamily {
            JoinedFamily(
                familyId: familyId, name: name, code: code, codeGeneratedAt: generatedAt, joinedAt: joinedAt,
                isActive: active)
        }
    }

    struct Families: Decodable, Sendable {
        let families: [Family]
    }

    struct Left: Decodable, Sendable {
        let family: Family
    }

    struct Log: Decodable, Sendable {
        let log: [FamilyCodeUsage]
    }

    /// `GET /api/family`: `view` is `player` (the code card) or `parent` (the families).
    struct Overview: Decodable, Sendable {
        let view: String
        let familyId: String?
        let name: String?
        let code: String?
        let generatedAt: Date?
        let members: [FamilyMember]?
        let families: [Family]?

        func overview() throws -> FamilyOverview {
            if view == "parent" { return .parent((families ?? []).map(\.joined)) }
            guard let familyId, let name, let code, let generatedAt else {
                throw NetworkingError(.invalidResponse, detail: "a player's family without its code")
            }
            return .player(
                FamilyCard(
                    familyId: familyId, name: name,
                    code: FamilyCode(familyId: familyId, code: code, generatedAt: generatedAt),
                    members: members ?? []))
        }
    }

    // MARK: - Request bodies

    struct JoinBody: Encodable, Sendable {
        let familyCode: String
    }

    struct FamilyBody: Encodable, Sendable {
        let familyId: String
    }

    /// A path segment with everything but unreserved characters percent-encoded.
    static func segment(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
