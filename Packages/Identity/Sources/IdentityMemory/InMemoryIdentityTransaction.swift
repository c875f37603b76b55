import Accounts
import Foundation
import Households
import Identity
import Kernel
import Mail

/// One transaction of `InMemoryIdentityStore`, over its own copy of the state.
final class InMemoryIdentityTransaction: IdentityStoreTransaction {
    var state: InMemoryIdentityState

    init(state: InMemoryIdentityState) {
        self.state = state
    }

    // MARK: - Accounts

    func account(id: String) -> Account? { state.accounts[id]?.account }

    func account(email: String) -> Account? {
        let key = EmailAddress.comparisonKey(email)
        return state.accounts.values.first { EmailAddress.comparisonKey($0.account.email) == key }?.account
    }

    func passwordHash(accountId: String) -> String? { state.accounts[accountId]?.passwordHash }

    func insertAccount(_ account: Account, passwordHash: String) {
        state.accounts[account.id] = .init(account: account, passwordHash: passwordHash)
    }

    func updateAccount(_ account: Account) {
        state.accounts[account.id]?.account = account
    }

    func setPasswordHash(_ passwordHash: String, accountId: String) {
        state.accounts[accountId]?.passwordHash = passwordHash
    }

    // MARK: - Linked identities

    func linkedIdentity(provider: IdentityProvider, subject: String) -> LinkedIdentity? {
        state.linkedIdentities.first { $0.provider == provider && $0.subject == subject }
    }

    func linkedIdentities(accountId: String) -> [LinkedIdentity] {
        state.linkedIdentities.filter { $0.accountId == accountId }
    }

    func insertLinkedIdentity(_ identity: LinkedIdentity) { state.linkedIdentities.append(identity) }

    func deleteLinkedIdentity(provider: IdentityProvider, accountId: String) {
        state.linkedIdentities.removeAll { $0.provider == provider && $0.accountId == accountId }
    }

    // MARK: - Exit PINs

    func exitPin(memberId: String) -> ExitPinRecord? { state.exitPins[memberId] }

    func saveExitPin(_ record: ExitPinRecord) { state.exitPins[record.memberId] = record }

    func deleteExitPin(memberId: String) { state.exitPins[memberId] = nil }

    // MARK: - Mailed codes, rate limits and the outbox

    func emailCode(accountId: String, purpose: EmailCode.Purpose) -> EmailCode? {
        state.emailCodes["\(accountId) \(purpose.rawValue)"]
    }

    func saveEmailCode(_ code: EmailCode) { state.emailCodes["\(code.accountId) \(code.purpose.rawValue)"] = code }

    func deleteEmailCode(accountId: String, purpose: EmailCode.Purpose) {
        state.emailCodes["\(accountId) \(purpose.rawValue)"] = nil
    }

    func rateLimitState(key: String) -> RateLimitState { state.rateLimits[key] ?? .fresh }

    func setRateLimitState(_ rateLimitState: RateLimitState, key: String) { state.rateLimits[key] = rateLimitState }

    func insertOutboxEntry(_ entry: OutboxEntry) { state.outbox.append(entry) }

    func dueOutboxEntries(at now: Date, limit: Int) -> [OutboxEntry] {
        Array(
            state.outbox.filter { $0.status == .queued && $0.nextAttemptAt <= now }
                .sorted { $0.nextAttemptAt < $1.nextAttemptAt }.prefix(limit))
    }

    func updateOutboxEntry(_ entry: OutboxEntry) {
        guard let index = state.outbox.firstIndex(where: { $0.id == entry.id }) else { return }
        state.outbox[index] = entry
    }

    func outboxCount(status: OutboxEntry.Status) -> Int { state.outbox.count { $0.status == status } }

    // MARK: - Sessions

    func insertSession(_ session: Session) { state.sessions[session.id] = session }

    func session(id: String) -> Session? { state.sessions[id] }

    func session(tokenHash: String) -> Session? { state.sessions.values.first { $0.tokenHash == tokenHash } }

    func endSession(id: String) { state.sessions[id]?.ended = true }

    func endSessions(accountId: String, except sessionId: String?) {
        for (id, session) in state.sessions where session.accountId == accountId && id != sessionId {
            state.sessions[id]?.ended = true
        }
    }

    func sessions(accountId: String, liveAt now: Date) -> [SessionActivity] {
        state.sessions.values.filter { $0.accountId == accountId && $0.isLive(at: now) }
            .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
            .map {
                SessionActivity(
                    id: $0.id, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt, createdWhere: $0.createdWhere)
            }
    }

    func touchSession(id: String, at now: Date, ifLastUsedAtOrBefore cutoff: Date) {
        guard let session = state.sessions[id], session.lastUsedAt <= cutoff else { return }
        state.sessions[id]?.lastUsedAt = now
    }

    // MARK: - Per account

    func activeHouseholdId(accountId: String) -> String? { state.activeHouseholds[accountId] }

    func setActiveHouseholdId(_ householdId: String?, accountId: String) {
        state.activeHouseholds[accountId] = householdId
    }

    // MARK: - Households

    func household(id: String) -> Household? {
        guard let stored = state.households[id] else { return nil }
        return Household(
            id: stored.id, name: stored.name, ownerAccountId: stored.ownerAccountId, createdAt: stored.createdAt,
            members: state.members.filter { $0.householdId == id }.map(\.member))
    }

    func households(memberAccountId: String) -> [Household] {
        state.members
            .filter { $0.member.kind == .independent && $0.member.memberId == memberAccountId }
            .compactMap { household(id: $0.householdId) }
    }

    func insertHousehold(_ household: Household) {
        state.households[household.id] = .init(
            id: household.id, name: household.name, ownerAccountId: household.ownerAccountId,
            createdAt: household.createdAt)
        for member in household.members { insertMember(member, householdId: household.id) }
    }

    func renameHousehold(id: String, name: String) { state.households[id]?.name = name }

    func insertMember(_ member: Member, householdId: String) {
        state.members.append(.init(householdId: householdId, member: member))
    }

    func updateMember(_ member: Member, householdId: String) {
        guard
            let index = state.members.firstIndex(where: {
                $0.householdId == householdId && $0.member.memberId == member.memberId
            })
        else { return }
        state.members[index].member = member
    }

    func deleteMember(memberId: String, householdId: String) {
        state.members.removeAll { $0.householdId == householdId && $0.member.memberId == memberId }
        state.approvalRequests.removeAll { $0.householdId == householdId && $0.memberId == memberId }
    }

    // MARK: - Approval requests

    func approvalRequest(id: String) -> ApprovalRequest? { state.approvalRequests.first { $0.id == id } }

    func approvalRequests(memberId: String) -> [ApprovalRequest] {
        // Newest asked first; among requests asked at the same moment, the later added first (as SQL's `seq`).
        state.approvalRequests.enumerated().filter { $0.element.memberId == memberId }
            .sorted { ($0.element.askedAt, $0.offset) > ($1.element.askedAt, $1.offset) }.map(\.element)
    }

    func insertApprovalRequest(_ request: ApprovalRequest) { state.approvalRequests.append(request) }

    func dueApprovalRequests(at now: Date, limit: Int) -> [ApprovalRequest] {
        Array(
            state.approvalRequests.filter {
                $0.decision == nil && $0.expiresAt <= now && state.approvalExpiries[$0.id] == nil
            }
            .sorted { $0.expiresAt < $1.expiresAt }.prefix(limit))
    }

    func recordApprovalExpiry(id: String, at date: Date) { state.approvalExpiries[id] = date }

    func updateApprovalRequest(_ request: ApprovalRequest) {
        guard let index = state.approvalRequests.firstIndex(where: { $0.id == request.id }) else { return }
        state.approvalRequests[index] = request
    }

    // MARK: - Acting records

    func insertActingRecord(_ record: ActingRecord) { state.actingRecords.append(record) }

    func actingRecords(actorAccountId: String) -> [ActingRecord] {
        state.actingRecords.filter { $0.actorAccountId == actorAccountId }
    }

    func actingRecords(subjectMemberId: String) -> [ActingRecord] {
        state.actingRecords.filter { $0.subjectMemberId == subjectMemberId }
    }

    func reassignActingRecords(subjectMemberId: String, to accountId: String, displayName: String) {
        for index in state.actingRecords.indices where state.actingRecords[index].subjectMemberId == subjectMemberId {
            state.actingRecords[index].subjectMemberId = accountId
            state.actingRecords[index].subjectDisplayName = displayName
        }
    }

    // MARK: - Claim codes

    func insertClaimCode(_ code: ClaimCode) { state.claimCodes[code.codeHash] = code }

    func claimCode(codeHash: String) -> ClaimCode? { state.claimCodes[codeHash] }

    func markClaimCodeUsed(codeHash: String, at date: Date) { state.claimCodes[codeHash]?.usedAt = date }

    func deleteClaimCodes(memberId: String) {
        state.claimCodes = state.claimCodes.filter { $0.value.memberId != memberId }
    }
}
