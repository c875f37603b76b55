import Foundation

/// The two-step part of a store transaction: each account's TOTP secret, its recovery codes, and the challenges of
/// password sign-ins waiting for their second step. Records only: the rules that read them are the service's.
public protocol TwoStepStoreTransaction {
    /// The account's TOTP secret, begun or on.
    func twoStep(accountId: String) throws -> TwoStepRecord?
    /// Adds the record, or replaces the account's.
    func saveTwoStep(_ record: TwoStepRecord) throws
    /// Removes the account's TOTP secret and its recovery codes (nothing happens when it has none).
    func deleteTwoStep(accountId: String) throws
    /// The account's recovery codes, used or not, oldest first.
    func recoveryCodes(accountId: String) throws -> [RecoveryCodeRecord]
    /// Replaces every recovery code of the account with `codes`.
    func replaceRecoveryCodes(_ codes: [RecoveryCodeRecord], accountId: String) throws
    /// Marks one recovery code used.
    func markRecoveryCodeUsed(id: String, at date: Date) throws
    /// Adds a second-step challenge, and removes those expired before `now`.
    func insertSignInChallenge(_ challenge: SignInChallenge, removingExpiredAt now: Date) throws
    /// The challenge whose token has this SHA-256 (hex), live or not.
    func signInChallenge(tokenHash: String) throws -> SignInChallenge?
    /// Marks a challenge used.
    func markSignInChallengeUsed(tokenHash: String, at date: Date) throws
    /// Every challenge of the account, live or not (for export).
    func signInChallenges(accountId: String) throws -> [SignInChallenge]
}
