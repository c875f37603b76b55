import Foundation
import Identity

/// `household --json` (also `household create|rename|use`); `households --json` adds `active`.
struct HouseholdJSON: Encodable, Sendable {
    let householdId: String
    let name: String
    let ownerAccountId: String
    let createdAt: Date
    let members: [MemberJSON]
    /// Only in `households`: whether this is the account's active household (omitted elsewhere).
    let active: Bool?

    init(_ household: Household, active: Bool? = nil) {
        householdId = household.id
        name = household.name
        ownerAccountId = household.ownerAccountId
        createdAt = household.createdAt
        members = household.members.map(MemberJSON.init)
        self.active = active
    }
}
