import FamilyCodes
import Foundation

/// `family --json`: `view` says which of the two shapes it is.
///
/// Player: `{view: "player", familyId, name, code, generatedAt, members: [...]}`.
/// Parent: `{view: "parent", families: [{familyId, name, code, generatedAt, joinedAt, active}]}`.
struct FamilyOverviewJSON: Encodable, Sendable {
    let view: String
    let familyId: String?
    let name: String?
    let code: String?
    let generatedAt: Date?
    let members: [FamilyMemberJSON]?
    let families: [JoinedFamilyJSON]?

    init(_ card: FamilyCard) {
        view = "player"
        familyId = card.familyId
        name = card.name
        code = card.code.code
        generatedAt = card.code.generatedAt
        members = card.members.map(FamilyMemberJSON.init)
        families = nil
    }

    init(_ families: [JoinedFamily]) {
        view = "parent"
        familyId = nil
        name = nil
        code = nil
        generatedAt = nil
        members = nil
        self.families = families.map(JoinedFamilyJSON.init)
    }
}
