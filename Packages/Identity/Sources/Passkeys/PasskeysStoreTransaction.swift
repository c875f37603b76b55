import Foundation

/// The passkeys part of a store transaction: each account's passkeys and user handle, and the ceremonies'
/// single-use challenges. Records only: the WebAuthn checks are `PasskeyCeremony`'s.
public protocol PasskeysStoreTransaction {
    /// The account's passkeys, oldest first.
    func passkeys(accountId: String) throws -> [Passkey]
    /// The passkey with this credential id (base64url), whichever account has it.
    func passkey(id: String) throws -> Passkey?
    /// Adds a passkey (its id is not registered yet).
    func insertPasskey(_ passkey: Passkey) throws
    /// Records a sign-in with the passkey: its new sign count, and when.
    func recordPasskeyUse(id: String, signCount: UInt32, at date: Date) throws
    /// Removes a passkey (nothing happens when there is none).
    func deletePasskey(id: String) throws
    /// The account's passkey user handle (32 random bytes), nil until its first registration options.
    func passkeyUserHandle(accountId: String) throws -> [UInt8]?
    /// Gives the account its user handle.
    func insertPasskeyUserHandle(_ handle: [UInt8], accountId: String) throws
    /// Adds a ceremony's challenge, and removes those expired before `now`.
    func insertPasskeyChallenge(_ challenge: PasskeyChallenge, removingExpiredAt now: Date) throws
    /// Takes the challenge with this hash out of the store (it is used once), live or not; nil when there is none.
    func takePasskeyChallenge(hash: String) throws -> PasskeyChallenge?
    /// The account's registration challenges not yet used (for export).
    func passkeyChallenges(accountId: String) throws -> [PasskeyChallenge]
}
