import Households
import Kernel
import Mail

extension InMemoryIdentityTransaction {
    func deleteAccount(id: String) {
        state.accounts[id] = nil
        state.sessions = state.sessions.filter { $0.value.accountId != id }
        state.linkedIdentities.removeAll { $0.accountId == id }
        state.emailCodes = state.emailCodes.filter { $0.value.accountId != id }
        state.activeHouseholds[id] = nil
        deleteTwoStep(accountId: id)
        state.signInChallenges = state.signInChallenges.filter { $0.value.accountId != id }
        state.passkeys.removeAll { $0.accountId == id }
        state.passkeyUserHandles[id] = nil
        state.passkeyChallenges = state.passkeyChallenges.filter { $0.value.accountId != id }
    }

    func deleteHousehold(id: String) {
        state.households[id] = nil
        state.members.removeAll { $0.householdId == id }
        state.approvalRequests.removeAll { $0.householdId == id }
    }

    func setHouseholdOwner(householdId: String, accountId: String) {
        state.households[householdId]?.ownerAccountId = accountId
    }

    func deleteActingRecords(subjectMemberId: String) {
        state.actingRecords.removeAll { $0.subjectMemberId == subjectMemberId }
    }

    func deleteClaimCodes(createdBy accountId: String) {
        state.claimCodes = state.claimCodes.filter { $0.value.createdBy != accountId }
    }

    func deleteRateLimitStates(keySuffix suffix: String) {
        state.rateLimits = state.rateLimits.filter { !$0.key.hasSuffix(suffix) }
    }

    func deleteOutboxEntries(recipient: String) {
        state.outbox.removeAll { $0.status == .queued && $0.mail.recipient == recipient }
    }

    func deleteOutboxEntry(id: String) { state.outbox.removeAll { $0.id == id } }
}

extension InMemoryIdentityTransaction {
    func rateLimitStates(keySuffix suffix: String) -> [String: RateLimitState] {
        state.rateLimits.filter { $0.key.hasSuffix(suffix) }
    }

    func queuedOutboxEntries(recipient: String) -> [OutboxEntry] {
        state.outbox.filter { $0.status == .queued && $0.mail.recipient == recipient }
    }

    func claimCodes(memberId: String) -> [ClaimCode] {
        state.claimCodes.values.filter { $0.memberId == memberId }.sorted { $0.createdAt < $1.createdAt }
    }
}
