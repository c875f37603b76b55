import Foundation
import Kernel
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

    /// Rules over `store`; `hasher` hashes and checks passwords (the apps give Argon2id at OWASP's parameters,
    /// `Argon2PasswordHasher`); `verifiers` are the providers accounts may sign in with; `carryOver` opens a claim's
    /// transaction when another feature keeps data per member (without it a claim runs in an ordinary write);
    /// `device` is this device's store, whose saved entries follow account changes (none on a server); `mail` says who
    /// messages come from (without it nothing that needs mail is offered); `requireVerifiedEmail` refuses an
    /// unverified account all but `account`, the verification calls and signing out; `sessionLabel` is where the
    /// sessions it makes were made when the request being served gives no label (`SessionLabel`); `accountData` opens
    /// deletion's and export's transactions over every feature that keeps data about an account (without it, Identity's
    /// alone); `sealingKey` seals TOTP secrets at rest (`--sealing-key-file`); `passkeys` is the relying party passkeys
    /// are made for (without one every passkey call is refused), and `passkeyLog` hears which check a refused passkey
    /// ceremony failed.
    public init(
        store: any IdentityStore,
        clock: any WallClock = SystemClock(),
        random: any RandomSource = SystemRandomSource(),
        hasher: any PasswordHasher,
        verifiers: [any IDTokenVerifier] = [],
        carryOver: (any MemberCarryOver)? = nil,
        device: (any DeviceStore)? = nil,
        mail: MailSettings? = nil,
        requireVerifiedEmail: Bool = false,
        sessionLabel: String? = nil,
        accountData: (any AccountDataStore)? = nil,
        sealingKey: SealingKey? = nil,
        passkeys: PasskeyRelyingParty? = nil,
        passkeyLog: (@Sendable (PasskeyCheckFailure) -> Void)? = nil
    ) {
        self.sealingKey = sealingKey
        self.passkeyRelyingParty = passkeys
        self.passkeyLog = passkeyLog
        self.store = store
        self.accountData = accountData ?? IdentityOnlyAccountData(store: store)
        self.clock = clock
        self.random = random
        self.hasher = hasher
        self.verifiers = Dictionary(verifiers.map { ($0.provider, $0) }, uniquingKeysWith: { _, last in last })
        self.carryOver = carryOver
        self.device = device
        self.mail = mail
        self.requireVerifiedEmail = requireVerifiedEmail
        self.sessionLabel = SessionActivity.label(sessionLabel)
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
