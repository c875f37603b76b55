import Foundation
import Households

/// A household with its members: `GET /api/household`, `/api/households` and the household routes, and
/// `household --json` (also `household create|rename|use`, and each entry of `households --json`).
///
/// `active` is only in `households --json`, which marks the account's active household; everywhere else (the
/// server included) the key is left out.
public struct HouseholdJSON: Codable, Sendable, Equatable {
    public var householdId: String
    public var name: String
    public var ownerAccountId: String
    public var createdAt: Date
    public var members: [MemberJSON]
    public var active: Bool?

    /// The JSON of `household`; `active` only where a list marks the active one.
    public init(_ household: Household, active: Bool? = nil) {
        householdId = household.id
        name = household.name
        ownerAccountId = household.ownerAccountId
        createdAt = household.createdAt
        members = household.members.map(MemberJSON.init)
        self.active = active
    }

    public var household: Household {
        Household(
            id: householdId, name: name, ownerAccountId: ownerAccountId, createdAt: createdAt,
            members: members.map(\.member))
    }
}
