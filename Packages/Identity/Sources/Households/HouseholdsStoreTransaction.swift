import Accounts
import Foundation
import Kernel

/// The households part of a store transaction: households and their members, each account's active household, exit
/// PINs, acting records, approval requests and claim codes. A household's rules read its members' accounts, so it
/// refines the accounts part.
public protocol HouseholdsStoreTransaction: AccountsStoreTransaction {
    // MARK: - Exit PINs (server state)

    /// The member's exit PIN and its wrong attempts, when it has one.
    func exitPin(memberId: String) throws -> ExitPinRecord?
    /// Adds the record, or replaces the member's.
    func saveExitPin(_ record: ExitPinRecord) throws
    /// Removes the member's exit PIN (nothing happens when it has none).
    func deleteExitPin(memberId: String) throws

    // MARK: - Per account

    /// The account's active household id.
    func activeHouseholdId(accountId: String) throws -> String?
    /// Persists the account's active household id (nil: none).
    func setActiveHouseholdId(_ householdId: String?, accountId: String) throws

    // MARK: - Households

    /// The household with its members in the order they were added.
    func household(id: String) throws -> Household?
    /// The households where the account is an independent member, in the order it joined them.
    func households(memberAccountId: String) throws -> [Household]
    /// Adds a household and its members.
    func insertHousehold(_ household: Household) throws
    /// Renames a household.
    func renameHousehold(id: String, name: String) throws
    /// Adds a member (after the existing ones).
    func insertMember(_ member: Member, householdId: String) throws
    /// Replaces a member's stored values (display name, role, avatar, guardians), keeping its place.
    func updateMember(_ member: Member, householdId: String) throws
    /// Removes a member from a household.
    func deleteMember(memberId: String, householdId: String) throws

    // MARK: - Acting records

    /// Adds a record of a write made while acting.
    func insertActingRecord(_ record: ActingRecord) throws
    /// The records whose actor is the account, oldest first.
    func actingRecords(actorAccountId: String) throws -> [ActingRecord]
    /// The records made for one member, by any actor, oldest first.
    func actingRecords(subjectMemberId: String) throws -> [ActingRecord]
    /// Makes every record made for `subjectMemberId` name the account `accountId` (id and name) instead.
    func reassignActingRecords(subjectMemberId: String, to accountId: String, displayName: String) throws

    // MARK: - Approval requests

    /// The request with this id, whoever it is for.
    func approvalRequest(id: String) throws -> ApprovalRequest?
    /// Every request of one member, in any state, the most recently asked first.
    func approvalRequests(memberId: String) throws -> [ApprovalRequest]
    /// Adds a request. Its member's row must exist: removing the member removes its requests.
    func insertApprovalRequest(_ request: ApprovalRequest) throws
    /// Replaces a request's stored values (asked again, or answered).
    func updateApprovalRequest(_ request: ApprovalRequest) throws
    /// Requests unanswered whose `expiresAt` is at or before `now` and whose expiry is not yet recorded
    /// (`recordApprovalExpiry`): at most `limit`, the longest expired first.
    func dueApprovalRequests(at now: Date, limit: Int) throws -> [ApprovalRequest]
    /// Records that the request's expiry was seen at `date` (and its `approval.expired` written): it is due no more.
    func recordApprovalExpiry(id: String, at date: Date) throws

    // MARK: - Claim codes

    /// Adds a claim code.
    func insertClaimCode(_ code: ClaimCode) throws
    /// The claim code stored under this SHA-256 (hex), used or not.
    func claimCode(codeHash: String) throws -> ClaimCode?
    /// Marks a claim code used.
    func markClaimCodeUsed(codeHash: String, at date: Date) throws
    /// Removes every claim code of a member.
    func deleteClaimCodes(memberId: String) throws

    // MARK: - Leaving (an account deleted, its data exported)

    /// Removes a household with its members (their guardians too).
    func deleteHousehold(id: String) throws
    /// Makes `accountId` the household's owner.
    func setHouseholdOwner(householdId: String, accountId: String) throws
    /// Removes the records made for one member (by any actor).
    func deleteActingRecords(subjectMemberId: String) throws
    /// Removes the claim codes one account made.
    func deleteClaimCodes(createdBy accountId: String) throws
    /// Every claim code made for a member, used or not, oldest first.
    func claimCodes(memberId: String) throws -> [ClaimCode]
}
