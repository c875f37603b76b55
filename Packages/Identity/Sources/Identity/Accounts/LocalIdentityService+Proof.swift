import Accounts
import Foundation

/// The proof a change of the account itself asks for (a new email, deleting it): its password, or, for an account
/// without one (made by Google or Apple), a session one of them began moments ago.
extension LocalIdentityService {
    /// How recent a Google or Apple sign-in must be when the account has no password.
    public static let recentSignIn: TimeInterval = 10 * 60

    /// `candidate` with `password` verified when the account has one (before any transaction opens: hashing is
    /// slow), and whether it has one; without one, the proof is checked in the change's transaction
    /// (`IdentityStoreTransaction.requireRecentSignIn`).
    func proveAccount(
        _ candidate: PasswordCandidate, password: String?
    ) async throws -> (verified: PasswordCandidate, hasPassword: Bool) {
        let hasPassword = candidate.passwordHash != AccountRules.noPasswordHash
        return (hasPassword ? try await verify(password ?? "", against: candidate) : candidate, hasPassword)
    }
}

extension IdentityStoreTransaction {
    /// Refuses with `refusal` unless `principal`'s session began within `LocalIdentityService.recentSignIn` of `now`.
    func requireRecentSignIn(_ principal: Principal, at now: Date, or refusal: IdentityError) throws {
        let session = try principal.sessionId.flatMap { try self.session(id: $0) }
        guard let session, now.timeIntervalSince(session.createdAt) <= LocalIdentityService.recentSignIn else {
            throw refusal
        }
    }
}
