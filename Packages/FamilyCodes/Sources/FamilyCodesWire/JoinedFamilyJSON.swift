import FamilyCodes
import Foundation
import IdentityWire
import Kernel

/// A family a parent belongs to (`family --json` of a parent, `family leave --json`, `GET /api/family/families`).
public struct JoinedFamilyJSON: Codable, Sendable, Equatable {
    public var familyId: String
    public var name: String
    @ExplicitNull public var code: String?
    @ExplicitNull public var generatedAt: Date?
    public var joinedAt: Date
    public var active: Bool

    public init(_ family: JoinedFamily) {
        familyId = family.familyId
        name = family.name
        code = family.code
        generatedAt = family.codeGeneratedAt
        joinedAt = family.joinedAt
        active = family.isActive
    }

    public var family: JoinedFamily {
        JoinedFamily(
            familyId: familyId, name: name, code: code, codeGeneratedAt: generatedAt, joinedAt: joinedAt,
            isActive: active)
    }
}

/// `GET /api/family/families`.
public struct JoinedFamilyListJSON: Codable, Sendable, Equatable {
    public var families: [JoinedFamilyJSON]

    public init(_ families: [JoinedFamily]) {
        self.families = families.map(JoinedFamilyJSON.init)
    }
}

/// `POST /api/family/leave`: the family left.
public struct FamilyLeftJSON: Codable, Sendable, Equatable {
    public var success: Bool
    public var family: JoinedFamilyJSON

    public init(_ family: JoinedFamily) {
        success = true
        self.family = JoinedFamilyJSON(family)
    }
}
