import Accounts
import Foundation
import WebAuthn

/// Passkeys: registering, listing and removing an account's, and signing in with one (DOMAIN.md "Passkeys"). Without
/// a relying party every call is refused ("Passkeys are not set up here").
public protocol PasskeysService: Sendable {
    /// Creation options for a new passkey of the principal's own account (not while acting): a fresh challenge
    /// (single use, 5 minutes), the account's user handle, its passkeys excluded.
    func passkeyRegistrationOptions(_ principal: Principal) async throws -> PasskeyCreationOptions
    /// Registers the credential `navigator.credentials.create()` made from those options, named `name` (trimmed,
    /// "Passkey" when empty, at most 64 characters). Any failed check: "Passkey sign-in failed. Please try again."
    func registerPasskey(
        _ principal: Principal, name: String, credential: PasskeyRegistrationCredential
    ) async throws -> Passkey
    /// The account's passkeys, oldest first.
    func passkeys(_ principal: Principal) async throws -> [Passkey]
    /// Removes one of the account's passkeys: the password (an account without one: a sign-in within 10 minutes);
    /// never the account's only way to sign in.
    func removePasskey(_ principal: Principal, id: String, password: String?) async throws
    /// Request options for a passkey sign-in (discoverable credentials: no account named): a fresh challenge. Anyone
    /// may ask, so each address may ask 30 times a minute ("Too many sign-in attempts…" beyond that).
    func passkeySignInOptions(clientAddress: String?) async throws -> PasskeyRequestOptions
    /// A new session for the account whose passkey made `passkey` (two-step sign-in is not asked). Any failed check:
    /// "Passkey sign-in failed. Please try again."; attempts count against the address's sign-in limit.
    func signIn(passkey: PasskeyAssertionCredential, clientAddress: String?) async throws -> SessionGrant
}
