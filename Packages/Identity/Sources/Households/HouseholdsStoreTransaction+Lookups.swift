import Accounts
import Foundation

/// Household lookups the rules share; built only from the transaction's plain reads.
extension HouseholdsStoreTransaction {
    /// The household with independent members showing their accounts' current names.
    public func filledHousehold(id: String) throws -> Household? {
        guard var household = try household(id: id) else { return nil }
        try fillNames(&household)
        return household
    }

    public func filledHouseholds(memberAccountId: String) throws -> [Household] {
        try households(memberAccountId: memberAccountId).map { household in
            var household = household
            try fillNames(&household)
            return household
        }
    }

    private func fillNames(_ household: inout Household) throws {
        for index in household.members.indices where household.members[index].kind == .independent {
            if let account = try account(id: household.members[index].memberId) {
                household.members[index].displayName = account.displayName
                // An account's ceiling and age are its own, shown wherever the member is.
                household.members[index].maturity = account.maturity
                household.members[index].ageRange = account.ageRange
            }
        }
    }

    /// The account's active household, if it still is one of its households.
    public func activeHousehold(accountId: String) throws -> Household? {
        guard let id = try activeHouseholdId(accountId: accountId), let household = try filledHousehold(id: id),
            household.member(accountId)?.kind == .independent
        else { return nil }
        return household
    }

    public func requireActiveHousehold(accountId: String) throws -> Household {
        guard let household = try activeHousehold(accountId: accountId) else { throw IdentityError.noActiveHousehold }
        return household
    }
}
