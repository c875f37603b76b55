import Foundation
import TwoStep

extension InMemoryIdentityTransaction {
    func twoStep(accountId: String) -> TwoStepRecord? { state.twoSteps[accountId] }

    func saveTwoStep(_ record: TwoStepRecord) { state.twoSteps[record.accountId] = record }

    func deleteTwoStep(accountId: String) {
        state.twoSteps[accountId] = nil
        state.recoveryCodes.removeAll { $0.accountId == accountId }
    }

    func recoveryCodes(accountId: String) -> [RecoveryCodeRecord] {
        state.recoveryCodes.filter { $0.accountId == accountId }
    }

    func replaceRecoveryCodes(_ codes: [RecoveryCodeRecord], accountId: String) {
        state.recoveryCodes.removeAll { $0.accountId == accountId }
        state.recoveryCodes += codes
    }

    func markRecoveryCodeUsed(id: String, at date: Date) {
        if let index = state.recoveryCodes.firstIndex(where: { $0.id == id }) {
            state.recoveryCodes[index].usedAt = date
        }
    }

    func insertSignInChallenge(_ challenge: SignInChallenge, removingExpiredAt now: Date) {
        state.signInChallenges = state.signInChallenges.filter { $0.value.expiresAt >= now }
        state.signInChallenges[challenge.tokenHash] = challenge
    }

    func signInChallenge(tokenHash: String) -> SignInChallenge? { state.signInChallenges[tokenHash] }

    func markSignInChallengeUsed(tokenHash: String, at date: Date) {
        state.signInChallenges[tokenHash]?.usedAt = date
    }

    func signInChallenges(accountId: String) -> [SignInChallenge] {
        state.signInChallenges.values.filter { $0.accountId == accountId }.sorted { $0.attemptedAt < $1.attemptedAt }
    }
}
