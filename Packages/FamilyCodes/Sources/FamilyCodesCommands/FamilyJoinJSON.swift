import FamilyCodes

/// `family join --json` (and `family use --json`).
struct FamilyJoinJSON: Encodable, Sendable {
    let familyId: String
    let name: String

    init(_ join: FamilyJoin) {
        familyId = join.familyId
        name = join.name
    }
}
