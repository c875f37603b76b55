import Foundation
import Passkeys

extension InMemoryIdentityTransaction {
    func passkeys(accountId: String) -> [Passkey] { state.passkeys.filter { $0.accountId == accountId } }

    func passkey(id: String) -> Passkey? { state.passkeys.first { $0.id == id } }

    func insertPasskey(_ passkey: Passkey) { state.passkeys.append(passkey) }

    func recordPasskeyUse(id: String, signCount: UInt32, at date: Date) {
        if let index = state.passkeys.firstIndex(where: { $0.id == id }) {
            state.passkeys[index].signCount = signCount
            state.passkeys[index].lastUsedAt = date
        }
    }

    func deletePasskey(id: String) { state.passkeys.removeAll { $0.id == id } }

    func passkeyUserHandle(accountId: String) -> [UInt8]? { state.passkeyUserHandles[accountId] }

    func insertPasskeyUserHandle(_ handle: [UInt8], accountId: String) {
        state.passkeyUserHandles[accountId] = handle
    }

    func insertPasskeyChallenge(_ challenge: PasskeyChallenge, removingExpiredAt now: Date) {
        state.passkeyChallenges = state.passkeyChallenges.filter { $0.value.expiresAt >= now }
        state.passkeyChallenges[challenge.challengeHash] = challenge
    }

    func takePasskeyChallenge(hash: String) -> PasskeyChallenge? {
        state.passkeyChallenges.removeValue(forKey: hash)
    }

    func passkeyChallenges(accountId: String) -> [PasskeyChallenge] {
        state.passkeyChallenges.values.filter { $0.accountId == accountId }.sorted {
            ($0.createdAt, $0.challengeHash) < ($1.createdAt, $1.challengeHash)
        }
    }
}
