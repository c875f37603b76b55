import Accounts
import Foundation
import Kernel

/// The households part's share: the subject's households, the managed members it guards (or the member), the acting
/// records about them, their claim codes and approval requests; on deletion the households it takes with it or
/// passes on, its guardianships and memberships, the records about it and the claim codes it made.
extension IdentityPartShare where Transaction == any HouseholdsStoreTransaction {
    public static var households: Self {
        IdentityPartShare(part: "households", export: exportHouseholds, delete: deleteHouseholds)
    }

    /// A managed member the account guards, or the member exported.
    struct ManagedMember: Encodable, Sendable {
        var householdId: String
        var member: Member
        /// An exit PIN is set (its hash is never exported).
        var exitPinSet: Bool
    }

    /// A claim code made for a member (its code is never kept).
    struct ClaimCodeRecord: Encodable, Sendable {
        var memberId: String
        var householdId: String
        var createdBy: String
        var createdAt: Date
        var expiresAt: Date
        var usedAt: Date?
    }

    private static func exportHouseholds(
        _ subject: ExportSubject, _ transaction: Transaction, at now: Date
    ) throws -> ExportFields {
        let households: [Household]
        let members: [(householdId: String, member: Member)]
        var records: [ActingRecord]
        switch subject.kind {
        case .account:
            households = try transaction.households(memberAccountId: subject.id)
            members = households.flatMap { household in
                household.managedMembers(guardedBy: subject.id).map { (household.id, $0) }
            }
            // Its own records, and every guardian's records for the members it guards, each once, oldest first.
            records =
                try transaction.actingRecords(actorAccountId: subject.id)
                + transaction.actingRecords(subjectMemberId: subject.id)
            for (_, member) in members { records += try transaction.actingRecords(subjectMemberId: member.memberId) }
            records = unique(records)
        case .member:
            households = try subject.householdIds.compactMap { try transaction.filledHousehold(id: $0) }
            members = households.flatMap { household in
                household.members.filter { $0.memberId == subject.id }.map { (household.id, $0) }
            }
            records = try transaction.actingRecords(subjectMemberId: subject.id)
        }
        var fields = ExportFields()
        fields.set("households", households)
        fields.set(
            "activeHouseholdId", try subject.accountId.flatMap { try transaction.activeHouseholdId(accountId: $0) })
        fields.set(
            "managedMembers",
            try members.map {
                ManagedMember(
                    householdId: $0.householdId, member: $0.member,
                    exitPinSet: try transaction.exitPin(memberId: $0.member.memberId) != nil)
            })
        fields.set("actingRecords", records)
        fields.set(
            "claimCodes",
            try members.flatMap { _, member in
                try transaction.claimCodes(memberId: member.memberId).map {
                    ClaimCodeRecord(
                        memberId: $0.memberId, householdId: $0.householdId, createdBy: $0.createdBy,
                        createdAt: $0.createdAt, expiresAt: $0.expiresAt, usedAt: $0.usedAt)
                }
            })
        // The requests of the members exported, answered or not.
        fields.set(
            "approvalRequests",
            try members.flatMap { _, member in
                try transaction.approvalRequests(memberId: member.memberId).map { $0.seen(at: now) }
            })
        return fields
    }

    private static func unique(_ records: [ActingRecord]) -> [ActingRecord] {
        var seen: Set<String> = []
        return records.filter { seen.insert($0.id).inserted }.sorted { ($0.at, $0.id) < ($1.at, $1.id) }
    }

    /// What `AccountDeletion.plan` decided: the households that go (with `household.member_removed` for each of their
    /// managed members) and those that pass to their heir, the account's guardianships and memberships, the records
    /// about it as a former managed member and the claim codes it made. The records it made while acting stay for the
    /// other guardians.
    private static func deleteHouseholds(
        _ deletion: AccountDeletion, _ transaction: Transaction, random: any RandomSource
    ) throws {
        let accountId = deletion.account.id
        for household in try transaction.households(memberAccountId: accountId) {
            let householdId = household.id
            if deletion.removedHouseholdIds.contains(householdId) {
                try transaction.deleteHousehold(id: householdId)
                for member in household.members where member.kind == .managed {
                    try transaction.emitMembership(
                        IdentityEvents.householdMemberRemoved, member, householdId: householdId, at: deletion.at,
                        random: random)
                }
                continue
            }
            for var member in household.managedMembers(guardedBy: accountId) {
                member.guardianAccountIds.removeAll { $0 == accountId }
                try transaction.updateMember(member, householdId: householdId)
            }
            if let heirId = deletion.transferredHouseholds[householdId], var heir = household.member(heirId) {
                heir.role = .owner
                try transaction.updateMember(heir, householdId: householdId)
                try transaction.setHouseholdOwner(householdId: householdId, accountId: heirId)
            }
            try transaction.deleteMember(memberId: accountId, householdId: householdId)
        }
        // A graduated account's records from when it was a managed member are about it, not another's audit.
        try transaction.deleteActingRecords(subjectMemberId: accountId)
        try transaction.deleteClaimCodes(createdBy: accountId)
    }
}

extension AccountDeletion {
    /// What deleting `account` does to its households: each one it owns passes to the independent member who joined
    /// it first, or goes with it when there is none. Refused as `requireNoOrphans` refuses.
    public static func plan(
        _ account: Account, _ transaction: any HouseholdsStoreTransaction, at now: Date
    ) throws -> AccountDeletion {
        try transaction.requireNoOrphans(leaving: account.id)
        let households = try transaction.households(memberAccountId: account.id)
        var transferred: [String: String] = [:]
        var removed: [String] = []
        for household in households where household.ownerAccountId == account.id {
            // Members are kept in the order they joined.
            let heir = household.members.first { $0.kind == .independent && $0.memberId != account.id }
            if let heir { transferred[household.id] = heir.memberId } else { removed.append(household.id) }
        }
        return AccountDeletion(
            account: account, householdIds: households.map(\.id), transferredHouseholds: transferred,
            removedHouseholdIds: removed, at: now)
    }
}

extension HouseholdsStoreTransaction {
    /// "You are the only guardian of NAME, NAME…" when some managed member has no guardian but `accountId`.
    public func requireNoOrphans(leaving accountId: String) throws {
        let orphans = try households(memberAccountId: accountId).flatMap { household in
            household.managedMembers(guardedBy: accountId).filter { $0.guardianAccountIds == [accountId] }
        }
        guard orphans.isEmpty else { throw IdentityError.onlyGuardian(orphans.map(\.displayName)) }
    }
}
