import FamilyCodes
import Foundation

/// A parent's family in `family --json` (and `family leave --json`).
struct JoinedFamilyJSON: Encodable, Sendable {
    let familyId: String
    let name: String
    let code: String?
    let generatedAt: Date?
    let joinedAt: Date
    let active: Bool

    init(_ family: JoinedFamily) {
        familyId = family.familyId
        name = family.name
        code = family.code
        generatedAt = family.codeGeneratedAt
        joinedAt = family.joinedAt
        active = family.isActive
    }
}
