import Accounts
import Foundation

/// Two-step sign-in: a TOTP secret and recovery codes, and the second step of a password sign-in (DOMAIN.md "Two-step
/// sign-in").
public protocol TwoStepService: Sendable {
    /// Finishes a password sign-in that answered `secondFactorRequired`: `code` is a TOTP code (a step not used
    /// before) or an unused recovery code; wrong ones count like wrong passwords ("That code is not right.").
    func completeSignIn(challenge: String, code: String, clientAddress: String?) async throws -> SessionGrant
    /// Whether two-step sign-in is on for the principal's account, and how many recovery codes are left.
    func twoStepStatus(_ principal: Principal) async throws -> TwoStepStatus
    /// Begins turning two-step sign-in on (the password is checked): a new secret, its URI; nothing asks for codes
    /// until `confirmTwoStep` accepts a first one.
    func beginTwoStep(_ principal: Principal, password: String) async throws -> TwoStepSetup
    /// Turns two-step sign-in on with a first code from the secret `beginTwoStep` gave; the 10 recovery codes, once.
    func confirmTwoStep(_ principal: Principal, code: String) async throws -> [String]
    /// Turns two-step sign-in off: the password and a code (or a recovery code).
    func disableTwoStep(_ principal: Principal, password: String, code: String) async throws
    /// Replaces the recovery codes with 10 new ones (the password is checked), shown once.
    func newRecoveryCodes(_ principal: Principal, password: String) async throws -> [String]
}
