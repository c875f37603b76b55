import Foundation
import Kernel

/// The accounts-and-sessions calls: signing up and in (password, Google, Apple), the account's names, role, type,
/// password, email and its verification, password recovery, and the account's sessions (DOMAIN.md "Accounts").
public protocol AccountsService: Sendable {
    // MARK: - Google and Apple

    /// Links the token's identity to the principal's account.
    func linkIdentity(_ principal: Principal, _ signIn: ProviderSignIn) async throws -> LinkedIdentity
    /// Unlinks the account's identity of `provider`, never its only way to sign in.
    func unlinkIdentity(_ principal: Principal, provider: IdentityProvider) async throws

    // MARK: - The signed-in account

    /// Changes first and last name.
    func changeName(_ principal: Principal, firstName: String, lastName: String) async throws -> Account
    /// Changes the account's role.
    func changeRole(_ principal: Principal, to role: AccountRole) async throws -> Account
    /// Makes the account private or corporate (this device's saved entry follows).
    func changeAccountType(_ principal: Principal, to type: AccountType) async throws -> Account
    /// Sets a new password and ends the account's other sessions. `current` must be the password when the account
    /// has one; an account Google or Apple made has none, so its first password needs no current one.
    func changePassword(_ principal: Principal, current: String?, new: String) async throws
    /// How the principal's account can sign in: whether it has a password, and its linked identities.
    func signInMethods(_ principal: Principal) async throws -> SignInMethods

    // MARK: - Verified emails

    /// Verifies the account's email with the code mailed to it ("That code is not right..." counts a wrong try).
    func verifyEmail(_ principal: Principal, code: String) async throws -> Account
    /// Mails a new verification code (ending the older one), within the limits; the address it went to.
    func resendVerification(_ principal: Principal) async throws -> String

    // MARK: - Email change

    /// Mails a 6-digit code to `newEmail` for the principal's account: `password` must be its password (an account
    /// without one needs a Google or Apple sign-in within the last 10 minutes). Nothing changes until confirmed.
    func changeEmail(_ principal: Principal, to newEmail: String, password: String?) async throws -> String
    /// Makes the pending change with its code: the account's email becomes the new one, verified; the old address is
    /// told (naming the new one masked); this device's saved entry follows.
    func confirmEmailChange(_ principal: Principal, code: String) async throws -> Account

    // MARK: - Password recovery

    /// Mails a recovery code to the account that uses `email`, if one does: the same answer, status and time either
    /// way. `clientAddress` is the caller's (its limits), nil for `kith` on its own file.
    func forgotPassword(email: String, clientAddress: String?) async throws
    /// Sets a new password with a recovery code, marks the email verified, ends every session of the account, mails
    /// the notice, and answers with a new session.
    func resetPassword(email: String, code: String, newPassword: String, clientAddress: String?) async throws
        -> SessionGrant

    // MARK: - Bearer sessions (the server)

    /// Creates an account and returns a new session's raw token, once. No device state changes.
    func register(_ request: SignUp) async throws -> SessionGrant
    /// Signs in and returns a new session's raw token, once. No device state changes.
    func signIn(email: String, password: String, clientAddress: String?) async throws -> SessionGrant
    /// Signs in with a provider's ID token and returns a new session's raw token, once. No device state changes.
    func signIn(with signIn: ProviderSignIn) async throws -> ProviderSessionGrant
    /// The principal of a live session's raw token, else "Not signed in".
    func principal(forToken token: String) async throws -> Principal
    /// Ends the session of a raw token (nothing happens for an unknown token).
    func endSession(token: String) async throws
    /// The state of a raw token's session: live (for which account), ended, or deleted with its account.
    func sessionState(token: String) async throws -> DeviceSessionState

    // MARK: - The account's sessions

    /// The account's live sessions, oldest first, the principal's own marked `current`.
    func sessions(_ principal: Principal) async throws -> [SessionActivity]
    /// Ends one of the account's sessions, durably; never the principal's own ("That is this session: use
    /// `logout`."); an unknown, ended or another account's id is "No session named ID".
    func endSession(_ principal: Principal, id: String) async throws
    /// Ends every session of the account but the principal's own, durably; how many it ended.
    func endOtherSessions(_ principal: Principal) async throws -> Int
}
