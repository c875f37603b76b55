import Accounts
import Device
import Foundation
import Kernel
import Mail
import WebAuthn

/// The Identity rules over any `IdentityStore`, for one process (`kith`) or one server.
///
/// A device signs in through this service's `DeviceSessions` (`ThisDevice`); the service itself keeps no device.
public actor LocalIdentityService: IdentityService {
    let store: any IdentityStore
    let clock: any WallClock
    let random: any RandomSource
    let hasher: any PasswordHasher
    /// The ID token verifiers of the configured providers (Google, Apple); a provider without one is not set up.
    let verifiers: [IdentityProvider: any IDTokenVerifier]
    /// The feature whose per-member data a claim carries over in its own transaction (Preferences), if composed.
    let carryOver: (any MemberCarryOver)?
    /// This device's saved accounts, which follow the account's name and type; nil on a server.
    let device: (any DeviceStore)?
    /// Who messages come from; nil when mail is not set up (nothing that needs mail is offered).
    let mail: MailSettings?
    /// Every principal this service makes must have a verified email for all but a few calls
    /// (`--require-verified-email`).
    let requireVerifiedEmail: Bool
    /// Where the sessions this service makes say they were made when no request bound a label
    /// (`SessionLabel.current`): "kith on HOST" for `kith`; nil on a server.
    let sessionLabel: String?
    /// Identity's store with every other feature's share in an account's data, for deletion and export.
    let accountData: any AccountDataStore
    /// Seals TOTP secrets at rest; without one they are stored as they are.
    let sealingKey: SealingKey?
    /// The relying party passkeys are made for (`--passkey-rp-id`, `--passkey-origin`); nil: passkeys are not set up.
    let passkeyRelyingParty: PasskeyRelyingParty?
    /// Told which check a refused passkey ceremony failed (the server logs it); the user reads one sentence.
    let passkeyLog: (@Sendable (PasskeyCheckFailure) -> Void)?
    private var dummyHash: String?

    /// Rules over `store`, run with `options` (clock, randomness, password hasher, providers, mail, passkeys...: see
    /// `IdentityOptions`).
    public init(store: any IdentityStore, options: IdentityOptions) {
        self.store = store
        self.clock = options.clock
        self.random = options.random
        self.hasher = options.hasher
        self.verifiers = Dictionary(options.verifiers.map { ($0.provider, $0) }, uniquingKeysWith: { _, last in last })
        self.carryOver = options.carryOver
        self.device = options.device
        self.mail = options.mail
        self.requireVerifiedEmail = options.requireVerifiedEmail
        self.sessionLabel = SessionActivity.label(options.sessionLabel)
        self.accountData = options.accountData ?? IdentityOnlyAccountData(store: store)
        self.sealingKey = options.sealingKey
        self.passkeyRelyingParty = options.passkeys
        self.passkeyLog = options.passkeyLog
    }

    // MARK: - Account-level calls

    /// Runs `body`, a call that changes the account, this device's saved accounts or the account's households: such
    /// calls are the account's own, so while `principal` acts as a managed member they are refused ("Not available
    /// while viewing as NAME. Switch back first.") before anything is read or written. Every one goes through here.
    func asSelf<T: Sendable>(_ principal: Principal?, _ body: () async throws -> T) async throws -> T {
        try principal?.requireActingAsSelf()
        return try await body()
    }

    // MARK: - Passwords

    /// The account and hash `password` was verified against, or "Email or password is incorrect".
    ///
    /// An unknown email is verified against a dummy hash, so the time taken does not reveal accounts.
    func verify(_ password: String, against candidate: PasswordCandidate) async throws -> PasswordCandidate {
        guard candidate.account != nil, let hash = candidate.passwordHash, hash != AccountRules.noPasswordHash else {
            _ = await hasher.verify(password, against: try await dummyPasswordHash())
            throw IdentityError.incorrectCredentials
        }
        guard await hasher.verify(password, against: hash) else { throw IdentityError.incorrectCredentials }
        return candidate
    }

    private func dummyPasswordHash() async throws -> String {
        if let dummyHash { return dummyHash }
        let hash = try await hasher.hash(TokenDigest.hex(random.bytes(16)))
        dummyHash = hash
        return hash
    }

    /// Checks a new password's length (8-256 graphemes).
    static func checkNewPassword(_ password: String) throws(IdentityError) {
        try AccountRules.checkNewPassword(password)
    }

    /// Validates one name, naming the field in the error.
    static func validName(_ raw: String, field: String, _ validator: NameValidator) throws(IdentityError) -> String {
        try AccountRules.validName(raw, field: field, validator)
    }
}
