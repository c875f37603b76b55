import Accounts
import Foundation
import Households
import Kernel

// MARK: - Graduation: a managed member signs up as itself

extension LocalIdentityService {
    public func graduateMember(_ principal: Principal, _ reference: String) async throws -> ClaimCodeGrant {
        try await asSelf(principal) {
            let now = clock.now()
            let code = ClaimCodeFormat.generate(random)
            return try await store.write { transaction in
                let account = try transaction.authenticate(principal, at: now)
                let household = try transaction.requireActiveHousehold(accountId: account.id)
                let member = try Self.guardedMember(reference, by: account.id, in: household)
                // One live code per member: a new one replaces any the guardians made before.
                try transaction.deleteClaimCodes(memberId: member.memberId)
                let stored = ClaimCode(
                    codeHash: ClaimCodeFormat.digest(code), memberId: member.memberId, householdId: household.id,
                    createdBy: account.id, createdAt: now, expiresAt: now.addingTimeInterval(ClaimCode.lifetime))
                try transaction.insertClaimCode(stored)
                return ClaimCodeGrant(
                    memberId: member.memberId, displayName: member.displayName, code: code, expiresAt: stored.expiresAt)
            }
        }
    }

    /// Runs `create` (which inserts the new account) in one write transaction; with a claim code, the same
    /// transaction makes the account the code's managed member, through `carryOver` when other features keep data
    /// per member. A code that cannot be claimed throws before anything is kept.
    func writeNewAccount<T: Sendable>(
        claiming claimCode: String?, now: Date,
        _ create: @escaping @Sendable (any IdentityStoreTransaction) throws -> (value: T, account: Account)
    ) async throws -> T {
        guard let claimCode else { return try await store.write { try create($0).value } }
        let codeHash = ClaimCodeFormat.digest(claimCode)
        let random = random
        let claim: @Sendable (any IdentityStoreTransaction, (Graduation) throws -> Void) throws -> T = {
            transaction, carryOver in
            let (value, account) = try create(transaction)
            try Self.claim(
                codeHash: codeHash, by: account, transaction, now: now, random: random, carryOver: carryOver)
            return value
        }
        if let carryOver { return try await carryOver.write(claim) }
        // A claim ends the guardians' access: on disk before it is acknowledged, as DOMAIN.md's Durability asks.
        return try await store.write(durability: .immediate) { try claim($0) { _ in } }
    }

    /// Refuses a code that cannot be claimed now, before the slow password hashing.
    func checkClaimable(_ claimCode: String?) async throws {
        guard let claimCode else { return }
        let codeHash = ClaimCodeFormat.digest(claimCode)
        let now = clock.now()
        _ = try await store.read { try Self.claimableMember(codeHash: codeHash, $0, now: now).code.codeHash }
    }

    /// The usable code and the managed member it still names, or "This claim code is not valid".
    static func claimableMember(
        codeHash: String, _ transaction: any IdentityStoreTransaction, now: Date
    ) throws -> (code: ClaimCode, household: Household, member: Member) {
        guard let code = try transaction.claimCode(codeHash: codeHash), code.isUsable(at: now),
            let household = try transaction.filledHousehold(id: code.householdId),
            let member = household.member(code.memberId), member.kind == .managed
        else { throw IdentityError.claimCodeInvalid }
        return (code, household, member)
    }

    /// Makes `account` the code's managed member: an independent member (role `member`) in its place, so the
    /// household's count does not change; the records made for the member name the account; its guardianship ends
    /// with the managed member itself, and so does its exit PIN (no one acts as an account); the code is used up; the
    /// household becomes the account's active one. Other features' data moves first (`carryOver`), while the managed
    /// member still exists. Writes `member.graduated` (the sign-up that made the account wrote `account.created`).
    static func claim(
        codeHash: String, by account: Account, _ transaction: any IdentityStoreTransaction, now: Date,
        random: any RandomSource, carryOver: (Graduation) throws -> Void
    ) throws {
        let (code, household, member) = try claimableMember(codeHash: codeHash, transaction, now: now)
        try carryOver(Graduation(memberId: member.memberId, accountId: account.id, householdId: household.id))
        let displayName = account.displayName
        // The ceiling and the age range stay the member's own until it changes them (DOMAIN.md "Maturity").
        var graduate = account
        graduate.maturity = member.maturity
        graduate.ageRange = member.ageRange
        try transaction.updateAccount(graduate)
        try transaction.deleteMember(memberId: member.memberId, householdId: household.id)
        try transaction.deleteExitPin(memberId: member.memberId)
        try transaction.insertMember(
            Member(
                memberId: account.id, displayName: displayName, kind: .independent, role: .member,
                avatarKey: member.avatarKey, addedAt: now),
            householdId: household.id)
        try transaction.reassignActingRecords(
            subjectMemberId: member.memberId, to: account.id, displayName: displayName)
        try transaction.markClaimCodeUsed(codeHash: code.codeHash, at: now)
        try transaction.setActiveHouseholdId(household.id, accountId: account.id)
        try transaction.emit(
            IdentityEvents.memberGraduated,
            subject: EventSubject(accountId: account.id, memberId: member.memberId, householdId: household.id),
            at: now, random: random)
    }
}
