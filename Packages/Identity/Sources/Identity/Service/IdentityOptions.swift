import Accounts
import Device
import Foundation
import Kernel
import Mail
import WebAuthn

/// Everything `LocalIdentityService` runs with besides its store, in one value: an app builds it once from its flags
/// and environment (`kith`, `kith-server` through `CompositionOptions`), a test from its clock, random source and cheap
/// hasher. Defaults are the real ones; only `hasher` has none (the apps give Argon2id at OWASP's parameters,
/// `Argon2PasswordHasher`; tests a cheap one).
public struct IdentityOptions: Sendable {
    /// The system's clock unless a test gives a manual one.
    public var clock: any WallClock
    public var random: any RandomSource
    /// Hashes and checks passwords.
    public var hasher: any PasswordHasher
    /// The ID token verifiers of the providers accounts may sign in with (Google, Apple); a provider without one is
    /// not set up.
    public var verifiers: [any IDTokenVerifier]
    /// Opens a claim's transaction when another feature keeps data per member (Preferences); without it a claim runs
    /// in an ordinary write.
    public var carryOver: (any MemberCarryOver)?
    /// This device's store, whose saved entries follow account changes; nil on a server.
    public var device: (any DeviceStore)?
    /// Who messages come from; nil when mail is not set up (nothing that needs mail is offered).
    public var mail: MailSettings?
    /// Refuses an unverified account all but `account`, the verification calls and signing out
    /// (`--require-verified-email`).
    public var requireVerifiedEmail: Bool
    /// Where the sessions the service makes were made when the request being served gives no label (`SessionLabel`):
    /// "kith on HOST" for `kith`; nil on a server.
    public var sessionLabel: String?
    /// Opens deletion's and export's transactions over every feature that keeps data about an account; nil: Identity's
    /// alone.
    public var accountData: (any AccountDataStore)?
    /// Seals TOTP secrets at rest (`--sealing-key-file`); without one they are stored as they are.
    public var sealingKey: SealingKey?
    /// The relying party passkeys are made for (`--passkey-rp-id`, `--passkey-origin`); nil: every passkey call is
    /// refused.
    public var passkeys: PasskeyRelyingParty?
    /// Hears which check a refused passkey ceremony failed (the server logs it); the user reads one sentence.
    public var passkeyLog: (@Sendable (PasskeyCheckFailure) -> Void)?

    public init(
        clock: any WallClock = SystemClock(), random: any RandomSource = SystemRandomSource(),
        hasher: any PasswordHasher, verifiers: [any IDTokenVerifier] = [], carryOver: (any MemberCarryOver)? = nil,
        device: (any DeviceStore)? = nil, mail: MailSettings? = nil, requireVerifiedEmail: Bool = false,
        sessionLabel: String? = nil, accountData: (any AccountDataStore)? = nil, sealingKey: SealingKey? = nil,
        passkeys: PasskeyRelyingParty? = nil, passkeyLog: (@Sendable (PasskeyCheckFailure) -> Void)? = nil
    ) {
        self.clock = clock
        self.random = random
        self.hasher = hasher
        self.verifiers = verifiers
        self.carryOver = carryOver
        self.device = device
        self.mail = mail
        self.requireVerifiedEmail = requireVerifiedEmail
        self.sessionLabel = sessionLabel
        self.accountData = accountData
        self.sealingKey = sealingKey
        self.passkeys = passkeys
        self.passkeyLog = passkeyLog
    }
}
