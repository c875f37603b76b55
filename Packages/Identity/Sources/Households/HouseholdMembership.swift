import Accounts
import Foundation

/// Identity's membership rules as plain functions over one open transaction.
///
/// `LocalIdentityService` calls them inside its own transactions; other features (FamilyCodes' join,
/// leave and remove) call them inside theirs, so a family join and its usage-log row commit together
/// while the cap, membership, last-guardian and active-household rules stay written once, here.
/// Every function checks before it writes: when it throws an `IdentityError`, it has written nothing.
public enum HouseholdMembership {
    /// Creates a household owned by `owner` (its first member, role `owner`) and makes it the owner's active one.
    ///
    /// `name` must already be valid (`NameValidator.householdName`).
    public static func create(
        _ transaction: any HouseholdsStoreTransaction, id: String, name: String, owner: Account, now: Date
    ) throws -> Household {
        let member = Member(
            memberId: owner.id, displayName: owner.displayName, kind: .independent, role: .owner, addedAt: now)
        let household = Household(id: id, name: name, ownerAccountId: owner.id, createdAt: now, members: [member])
        try transaction.insertHousehold(household)
        try transaction.setActiveHouseholdId(household.id, accountId: owner.id)
        return household
    }

    /// Adds `account` to the household as an independent member with `role` (never `owner`) and makes it active.
    ///
    /// Throws "No household named ID", "You are already a member of NAME" or "This household is full (8 members)".
    public static func join(
        _ transaction: any HouseholdsStoreTransaction, householdId: String, account: Account, role: HouseholdRole,
        now: Date
    ) throws -> Household {
        // Only membership and the count matter here, so the members' current names are not looked up.
        guard var household = try transaction.household(id: householdId) else {
            throw IdentityError.notFound(.household, householdId)
        }
        guard household.member(account.id) == nil else { throw IdentityError.alreadyMember(household.name) }
        guard household.members.count < Household.capacity else {
            throw IdentityError.householdFull(capacity: Household.capacity)
        }
        let member = Member(
            memberId: account.id, displayName: account.displayName, kind: .independent,
            role: role == .owner ? .member : role, addedAt: now)
        try transaction.insertMember(member, householdId: household.id)
        try transaction.setActiveHouseholdId(household.id, accountId: account.id)
        household.members.append(member)
        return household
    }

    /// Takes `accountId` out of `household` of its own accord: refused for the owner and for a last guardian.
    public static func leave(
        _ transaction: any HouseholdsStoreTransaction, household: Household, accountId: String
    ) throws {
        guard household.ownerAccountId != accountId else { throw IdentityError.ownerCannotLeave(household.name) }
        try removeIndependentMember(accountId, from: household, transaction)
    }

    /// Removes `member` from `household` on behalf of `accountId`: a managed member by one of its guardians,
    /// an independent member by the owner (never the owner itself, never a last guardian).
    public static func remove(
        _ transaction: any HouseholdsStoreTransaction, member: Member, from household: Household, by accountId: String
    ) throws {
        switch member.kind {
        case .managed:
            guard member.guardianAccountIds.contains(accountId) else {
                throw IdentityError.notGuardian(member.displayName)
            }
            try transaction.deleteMember(memberId: member.memberId, householdId: household.id)
        case .independent:
            guard household.ownerAccountId == accountId else {
                throw IdentityError.notHouseholdOwner(household.name)
            }
            guard member.memberId != household.ownerAccountId else {
                throw IdentityError.ownerCannotLeave(household.name)
            }
            try removeIndependentMember(member.memberId, from: household, transaction)
        }
    }

    /// Takes an account out of a household: refused while it is some managed member's last guardian.
    package static func removeIndependentMember(
        _ accountId: String, from household: Household, _ transaction: any HouseholdsStoreTransaction
    ) throws {
        let guarded = household.managedMembers(guardedBy: accountId)
        if let orphan = guarded.first(where: { $0.guardianAccountIds == [accountId] }) {
            throw IdentityError.lastGuardian(orphan.displayName)
        }
        for var member in guarded {
            member.guardianAccountIds.removeAll { $0 == accountId }
            try transaction.updateMember(member, householdId: household.id)
        }
        try transaction.deleteMember(memberId: accountId, householdId: household.id)
        if try transaction.activeHouseholdId(accountId: accountId) == household.id {
            // As for family codes: fall back to the most recently joined remaining household, or none.
            let remaining = try transaction.households(memberAccountId: accountId)
            let latest = remaining.enumerated().max { lhs, rhs in
                let left = lhs.element.member(accountId)?.addedAt ?? .distantPast
                let right = rhs.element.member(accountId)?.addedAt ?? .distantPast
                return (left, lhs.offset) < (right, rhs.offset)
            }
            try transaction.setActiveHouseholdId(latest?.element.id, accountId: accountId)
        }
    }
}
