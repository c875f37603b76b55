import Accounts
import Foundation
import Households
import Kernel

/// `account export` and `member export`: one document of everything Kith keeps about an account, or about a managed
/// member its guardian reviews, assembled from every feature's part in one read.
extension LocalIdentityService {
    public func exportAccount(_ principal: Principal) async throws -> ExportDocument {
        try await asSelf(principal) {
            let now = clock.now()
            return try await accountData.read { transaction, shares in
                let account = try transaction.authenticate(principal, at: now, unverifiedAllowed: true)
                let households = try transaction.households(memberAccountId: account.id)
                let guarded = households.flatMap { household in
                    household.managedMembers(guardedBy: account.id).map { (household.id, $0) }
                }
                let subject = ExportSubject(
                    kind: .account, id: account.id, memberIds: [account.id] + guarded.map(\.1.memberId),
                    householdIds: households.map(\.id))
                var part = IdentityExport()
                part.account = account
                part.linkedIdentities = try transaction.linkedIdentities(accountId: account.id)
                part.sessions = try transaction.sessions(accountId: account.id, liveAt: now).map {
                    .init(
                        sessionId: $0.id, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt,
                        createdWhere: $0.createdWhere)
                }
                part.households = households
                part.activeHouseholdId = try transaction.activeHouseholdId(accountId: account.id)
                part.managedMembers = try guarded.map { householdId, member in
                    try Self.exported(member, householdId: householdId, transaction)
                }
                // Its own records, and every guardian's records for the members it guards, each once, oldest first.
                var records =
                    try transaction.actingRecords(actorAccountId: account.id)
                    + transaction.actingRecords(subjectMemberId: account.id)
                for (_, member) in guarded {
                    records += try transaction.actingRecords(subjectMemberId: member.memberId)
                }
                part.actingRecords = Self.unique(records)
                part.claimCodes = try guarded.flatMap { try Self.claimCodes(memberId: $0.1.memberId, transaction) }
                part.approvalRequests = try guarded.flatMap {
                    try transaction.approvalRequests(memberId: $0.1.memberId).map { $0.seen(at: now) }
                }
                part.pendingCodes = try EmailCode.Purpose.allCases.compactMap { purpose in
                    try transaction.emailCode(accountId: account.id, purpose: purpose).map {
                        .init(
                            purpose: purpose.rawValue, email: $0.email, createdAt: $0.createdAt, expiresAt: $0.expiresAt
                        )
                    }
                }
                let suffix = ":\(account.id)"
                part.limits = try transaction.rateLimitStates(keySuffix: suffix).sorted { $0.key < $1.key }.map {
                    .init(
                        name: String($0.key.dropLast(suffix.count)), recentFailures: $0.value.failures,
                        lockedUntil: $0.value.lockedUntil)
                }
                part.queuedMail = try transaction.queuedOutboxEntries(recipient: account.email).map {
                    .init(id: $0.id, recipient: $0.mail.recipient, createdAt: $0.createdAt, attempts: $0.attempts)
                }
                part.twoStep = try transaction.twoStep(accountId: account.id).map { record in
                    .init(
                        enabled: record.isEnabled, createdAt: record.createdAt, enabledAt: record.enabledAt,
                        recoveryCodes: try transaction.recoveryCodes(accountId: account.id).map {
                            .init(createdAt: $0.createdAt, usedAt: $0.usedAt)
                        })
                }
                part.signInChallenges = try transaction.signInChallenges(accountId: account.id).map {
                    .init(
                        clientAddress: $0.clientAddress, attemptedAt: $0.attemptedAt, expiresAt: $0.expiresAt,
                        usedAt: $0.usedAt)
                }
                part.passkeys = try transaction.passkeys(accountId: account.id).map {
                    .init(
                        id: $0.id, name: $0.name, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt,
                        algorithm: $0.algorithm, signCount: $0.signCount)
                }
                part.passkeyChallenges = try transaction.passkeyChallenges(accountId: account.id).map {
                    .init(purpose: $0.purpose.rawValue, createdAt: $0.createdAt, expiresAt: $0.expiresAt)
                }
                part.passkeyUserHandle = try transaction.passkeyUserHandle(accountId: account.id).map {
                    Base64URL.encode($0)
                }
                let parts = [ExportPart(feature: "identity", value: part)] + (try shares.export(subject))
                return try ExportDocument.assemble(parts, subject: subject, at: now)
            }
        }
    }

    public func exportMember(_ principal: Principal, member reference: String) async throws -> ExportDocument {
        try await asSelf(principal) {
            let now = clock.now()
            return try await accountData.read { transaction, shares in
                let account = try transaction.authenticate(principal, at: now)
                let household = try transaction.requireActiveHousehold(accountId: account.id)
                let member = try Self.guardedMember(reference, by: account.id, in: household)
                let subject = ExportSubject(
                    kind: .member, id: member.memberId, memberIds: [member.memberId], householdIds: [household.id])
                var part = IdentityExport()
                part.households = [household]
                part.managedMembers = [try Self.exported(member, householdId: household.id, transaction)]
                part.actingRecords = try transaction.actingRecords(subjectMemberId: member.memberId)
                part.claimCodes = try Self.claimCodes(memberId: member.memberId, transaction)
                part.approvalRequests = try transaction.approvalRequests(memberId: member.memberId).map {
                    $0.seen(at: now)
                }
                let parts = [ExportPart(feature: "identity", value: part)] + (try shares.export(subject))
                return try ExportDocument.assemble(parts, subject: subject, at: now)
            }
        }
    }

    private static func exported(
        _ member: Member, householdId: String, _ transaction: any IdentityStoreTransaction
    ) throws -> IdentityExport.ManagedMember {
        .init(
            householdId: householdId, member: member,
            exitPinSet: try transaction.exitPin(memberId: member.memberId) != nil)
    }

    private static func claimCodes(
        memberId: String, _ transaction: any IdentityStoreTransaction
    ) throws -> [IdentityExport.ClaimCodeRecord] {
        try transaction.claimCodes(memberId: memberId).map {
            .init(
                memberId: $0.memberId, householdId: $0.householdId, createdBy: $0.createdBy, createdAt: $0.createdAt,
                expiresAt: $0.expiresAt, usedAt: $0.usedAt)
        }
    }

    private static func unique(_ records: [ActingRecord]) -> [ActingRecord] {
        var seen: Set<String> = []
        return records.filter { seen.insert($0.id).inserted }.sorted { ($0.at, $0.id) < ($1.at, $1.id) }
    }
}
