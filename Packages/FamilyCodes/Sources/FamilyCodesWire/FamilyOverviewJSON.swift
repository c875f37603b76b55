import FamilyCodes
import Foundation
import IdentityWire
import Kernel

/// `family --json` and `GET /api/family`: `view` says which shape it is; the other shape's keys are null.
///
/// Player: `{view: "player", familyId, name, code, generatedAt, members: [...]}`.
/// Parent: `{view: "parent", families: [{familyId, name, code, generatedAt, joinedAt, active}]}`.
public struct FamilyOverviewJSON: Codable, Sendable, Equatable {
    /// `player` or `parent`.
    public var view: String
    @ExplicitNull public var familyId: String?
    @ExplicitNull public var name: String?
    @ExplicitNull public var code: String?
    @ExplicitNull public var generatedAt: Date?
    @ExplicitNull public var members: [FamilyMemberJSON]?
    @ExplicitNull public var families: [JoinedFamilyJSON]?

    public init(_ overview: FamilyOverview) {
        switch overview {
        case .player(let card):
            view = "player"
            familyId = card.familyId
            name = card.name
            code = card.code.code
            generatedAt = card.code.generatedAt
            members = card.members.map(FamilyMemberJSON.init)
        case .parent(let joined):
            view = "parent"
            families = joined.map(JoinedFamilyJSON.init)
        }
    }

    /// The overview again; nil for a player's overview without its code, which no server sends.
    public var overview: FamilyOverview? {
        if view == "parent" { return .parent((families ?? []).map(\.family)) }
        guard let familyId, let name, let code, let generatedAt else { return nil }
        return .player(
            FamilyCard(
                familyId: familyId, name: name,
                code: FamilyCode(familyId: familyId, code: code, generatedAt: generatedAt),
                members: (members ?? []).map(\.member)))
    }
}
