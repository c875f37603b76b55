import Accounts
import Foundation
import Households

/// FamilyCodes' share in an account's data. Deleted: its attempts in every usage log and its join limits; the codes
/// of the families it owned retire (a family that goes with it takes its codes along), and a family named for it
/// takes its new owner's name. Exported: the codes and log of
/// the families it owns, its own attempts, and its limits.
public enum FamilyCodesAccountData {
    public static func delete(
        _ deletion: AccountDeletion, _ codes: any FamilyCodeStoreTransaction, _ identity: any HouseholdsStoreTransaction
    ) throws {
        let oldName = LocalFamilyCodeService.familyName(lastName: deletion.account.lastName)
        for (familyId, heirId) in deletion.transferredHouseholds.sorted(by: { $0.key < $1.key }) {
            try codes.retireLiveCode(familyId: familyId, at: deletion.at)
            // A family named for its player ("LEE Family") takes its new owner's name: it is theirs now, and no
            // table keeps the deleted account's name. A name someone typed stays.
            if try identity.household(id: familyId)?.name == oldName, let heir = try identity.account(id: heirId) {
                try identity.renameHousehold(
                    id: familyId, name: LocalFamilyCodeService.familyName(lastName: heir.lastName))
            }
        }
        try codes.deleteUsage(accountId: deletion.account.id)
        try codes.setRateLimitState(.fresh, key: LocalFamilyCodeService.rateLimitKey(accountId: deletion.account.id))
    }

    /// Nil for a managed member (it never joins or owns a family) and for an account with nothing here.
    public static func export(
        _ subject: ExportSubject, _ codes: any FamilyCodeStoreTransaction, _ identity: any HouseholdsStoreTransaction
    ) throws -> FamilyCodesExport? {
        guard let accountId = subject.accountId else { return nil }
        var part = FamilyCodesExport()
        for familyId in subject.householdIds {
            guard try identity.household(id: familyId)?.ownerAccountId == accountId else { continue }
            let history = try codes.codeHistory(familyId: familyId)
            part.families.append(
                .init(
                    familyId: familyId, codes: history,
                    log: try codes.usage(familyIds: [familyId], codes: Set(history.map(\.code)))))
        }
        part.attempts = try codes.usage(accountId: accountId)
        let limit = try codes.rateLimitState(key: LocalFamilyCodeService.rateLimitKey(accountId: accountId))
        if limit != .fresh { part.joinLimit = .init(recentFailures: limit.failures, lockedUntil: limit.lockedUntil) }
        let empty = part.families.isEmpty && part.attempts.isEmpty && part.joinLimit == nil
        return empty ? nil : part
    }
}

/// FamilyCodes' part of an export.
public struct FamilyCodesExport: Encodable, Sendable {
    /// A family the account owns: every code it has had (live last) and its usage log, newest first.
    public struct Family: Encodable, Sendable {
        public var familyId: String
        public var codes: [FamilyCode]
        public var log: [FamilyCodeUsage]
    }

    /// The account's join limit: its recent failures and the end of a lock.
    public struct JoinLimit: Encodable, Sendable {
        public var recentFailures: [Date]
        public var lockedUntil: Date?
    }

    public var families: [Family] = []
    /// Every join the account tried, newest first.
    public var attempts: [FamilyCodeUsage] = []
    public var joinLimit: JoinLimit?
}
