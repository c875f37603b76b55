import Accounts
import Foundation
import Households
import Kernel
import Mail

/// `account delete`: the account and everything it holds, in every feature, in one durable transaction.
extension LocalIdentityService {
    /// The account `principal` would delete, or why it cannot be deleted now: while acting ("Not available while
    /// viewing as NAME"), or as the only guardian of managed members (every one named). Nothing is written; a command
    /// asks this before it asks for the password and the confirmation.
    public func checkAccountDeletion(_ principal: Principal) async throws -> Account {
        try await asSelf(principal) {
            let now = clock.now()
            return try await store.read { transaction in
                let account = try transaction.authenticate(principal, at: now, unverifiedAllowed: true)
                try AccountRemoval.requireNoOrphans(account.id, transaction)
                return account
            }
        }
    }

    public func deleteAccount(_ principal: Principal, password: String?) async throws {
        try await asSelf(principal) {
            let now = clock.now()
            let candidate = try await store.read { transaction -> PasswordCandidate in
                let account = try transaction.authenticate(principal, at: now, unverifiedAllowed: true)
                try AccountRemoval.requireNoOrphans(account.id, transaction)
                return PasswordCandidate(
                    account: account, passwordHash: try transaction.passwordHash(accountId: account.id))
            }
            let (verified, hasPassword) = try await proveAccount(candidate, password: password)
            let mail = mail
            let random = random
            let deleted = try await accountData.write(durability: .immediate) { transaction, shares in
                let account = try transaction.requireUnchanged(verified)
                _ = try transaction.authenticate(principal, at: now, unverifiedAllowed: true)
                if !hasPassword {
                    try transaction.requireRecentSignIn(principal, at: now, or: .recentSignInNeededToDelete)
                }
                let (deletion, households) = try AccountRemoval.plan(account, transaction, at: now)
                // The other features first: their rows may still name Identity's (a family's codes, its households).
                try shares.delete(deletion)
                try AccountRemoval.remove(deletion, households: households, transaction)
                try AccountRemoval.emitDeleted(deletion, households: households, transaction, random: random)
                if let mail {
                    let notice = AccountMail.message(
                        AccountMail.accountDeleted(email: account.email), to: account.email, from: mail, at: now,
                        random: random)
                    try transaction.queue(notice, id: random.uuidString(), at: now)
                }
                return account
            }
            // A device store of its own (not the same database) forgets the entry here; an SQL device lost it with
            // the account.
            try await device?.update { $0.remove(accountId: deleted.id) }
        }
    }
}

/// Identity's part of an account's deletion, as plain functions over one open transaction.
enum AccountRemoval {
    /// Writes what a deletion changed that apps follow: `account.deleted`, and `household.member_removed` for each
    /// managed member removed with a household the account took with it. Its sessions end with it and write no
    /// `session.ended`; its events outlive it by design (they hold ids only).
    static func emitDeleted(
        _ deletion: AccountDeletion, households: [Household], _ transaction: any IdentityStoreTransaction,
        random: any RandomSource
    ) throws {
        let now = deletion.at
        for household in households where deletion.removedHouseholdIds.contains(household.id) {
            for member in household.members where member.kind == .managed {
                try transaction.emitMembership(
                    IdentityEvents.householdMemberRemoved, member, householdId: household.id, at: now, random: random)
            }
        }
        try transaction.emit(
            IdentityEvents.accountDeleted, subject: EventSubject(accountId: deletion.account.id), at: now,
            random: random)
    }

    /// "You are the only guardian of NAME, NAME…" when some managed member has no guardian but `accountId`.
    static func requireNoOrphans(_ accountId: String, _ transaction: any IdentityStoreTransaction) throws {
        let orphans = try transaction.households(memberAccountId: accountId).flatMap { household in
            household.managedMembers(guardedBy: accountId).filter { $0.guardianAccountIds == [accountId] }
        }
        guard orphans.isEmpty else { throw IdentityError.onlyGuardian(orphans.map(\.displayName)) }
    }

    /// What deleting `account` does to its households: each one it owns passes to the independent member who joined
    /// it first, or goes with it when there is none (with the households as read). Refused as `requireNoOrphans`
    /// refuses.
    static func plan(
        _ account: Account, _ transaction: any IdentityStoreTransaction, at now: Date
    ) throws -> (AccountDeletion, [Household]) {
        try requireNoOrphans(account.id, transaction)
        let households = try transaction.households(memberAccountId: account.id)
        var transferred: [String: String] = [:]
        var removed: [String] = []
        for household in households where household.ownerAccountId == account.id {
            // Members are kept in the order they joined.
            let heir = household.members.first { $0.kind == .independent && $0.memberId != account.id }
            if let heir { transferred[household.id] = heir.memberId } else { removed.append(household.id) }
        }
        let deletion = AccountDeletion(
            account: account, householdIds: households.map(\.id), transferredHouseholds: transferred,
            removedHouseholdIds: removed, at: now)
        return (deletion, households)
    }

    /// Removes the account from Identity: its memberships and guardianships, the households it takes with it, the
    /// records about it as a former managed member, its claim codes, limits and queued mail, then the account itself
    /// (its sessions, linked identities and codes with it). The records it made while acting stay for the other
    /// guardians.
    static func remove(
        _ deletion: AccountDeletion, households: [Household], _ transaction: any IdentityStoreTransaction
    ) throws {
        let accountId = deletion.account.id
        for householdId in deletion.removedHouseholdIds { try transaction.deleteHousehold(id: householdId) }
        for household in households where !deletion.removedHouseholdIds.contains(household.id) {
            let householdId = household.id
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
        try transaction.deleteRateLimitStates(keySuffix: ":\(accountId)")
        try transaction.deleteOutboxEntries(recipient: deletion.account.email)
        if let change = try transaction.emailCode(accountId: accountId, purpose: .emailChange) {
            try transaction.deleteOutboxEntries(recipient: change.email)
        }
        try transaction.deleteAccount(id: accountId)
    }
}
