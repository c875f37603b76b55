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
                return try Self.document(subject, transaction, shares, at: now)
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
                return try Self.document(subject, transaction, shares, at: now)
            }
        }
    }

    /// The document of `subject`: the section Identity's parts give, then every other feature's part.
    private static func document(
        _ subject: ExportSubject, _ transaction: any IdentityStoreTransaction, _ shares: any AccountDataShares,
        at now: Date
    ) throws -> ExportDocument {
        let identity = try IdentityPartShare.export(IdentityParts.shares, subject, transaction, at: now)
        let parts = [ExportPart(feature: "identity", value: identity)] + (try shares.export(subject))
        return try ExportDocument.assemble(parts, subject: subject, at: now)
    }
}
