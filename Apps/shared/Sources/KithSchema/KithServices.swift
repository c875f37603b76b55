import Argon2
import Circles
import CirclesSQL
import FamilyCodes
import FamilyCodesSQL
import Foundation
import Identity
import IdentityMail
import IdentitySQL
import Networking
import Preferences
import PreferencesSQL
import Storage

/// Mail as a composition sets it up: who messages come from, what delivers them, and when failures are retried.
public struct MailSetup: Sendable {
    public var settings: MailSettings
    public var mailer: any Mailer
    public var schedule: OutboxSchedule

    /// Mail from `settings` delivered by `mailer`.
    public init(settings: MailSettings, mailer: any Mailer, schedule: OutboxSchedule = .standard) {
        self.settings = settings
        self.mailer = mailer
        self.schedule = schedule
    }
}

/// The rules of every feature over one SQL database: the one composition that `kith` (its SQLite file) and
/// `kith-server` (SQLite or PostgreSQL) both run, so every rule holds alike wherever it runs.
public struct KithServices: Sendable {
    public let identity: LocalIdentityService
    public let preferences: LocalPreferencesService
    public let familyCodes: LocalFamilyCodeService
    public let circles: LocalCirclesService
    /// Sends what the identity rules queue; nil when mail is not set up.
    public let outbox: OutboxSender?

    /// The services over `database`. `kith` gives its file's `device` store, whose saved entries follow the account's
    /// name, type and photo; a server keeps no device.
    ///
    /// `mail` sets up mail (without it nothing that needs mail is offered); `requireVerifiedEmail` is the server's
    /// `--require-verified-email`. `clock`, `random` and `hasher` are for tests (a manual clock, cheap Argon2); the
    /// defaults are the real ones: the system's, and Argon2id at OWASP's parameters. `sessionLabel` is where the
    /// sessions this composition makes were made ("kith on HOST"); a server labels each request's instead.
    /// `sealingKey` seals TOTP secrets at rest (the server's `--sealing-key-file`); `passkeys` is the relying party
    /// passkeys are made for (the server's `--passkey-rp-id` and `--passkey-origin`), `passkeyLog` hears which check a
    /// refused passkey ceremony failed.
    public init(
        database: any SQLDatabase, clock: any WallClock = SystemClock(),
        random: any RandomSource = SystemRandomSource(),
        hasher: (any PasswordHasher)? = nil, verifiers: [any IDTokenVerifier] = [],
        device: (any DeviceStore)? = nil, mail: MailSetup? = nil, requireVerifiedEmail: Bool = false,
        accessCacheOwners: Int = AccessEngine.defaultCapacity, sessionLabel: String? = nil,
        sealingKey: SealingKey? = nil, passkeys: PasskeyRelyingParty? = nil,
        passkeyLog: (@Sendable (PasskeyCheckFailure) -> Void)? = nil
    ) {
        let preferencesStore = SQLStore(preferencesOn: database)
        // A claim moves the member's preferences in the same transaction as the new account.
        let carryOver = PreferencesCarryOver(store: preferencesStore)
        let identityStore = SQLStore(identityOn: database)
        let hasher = hasher ?? Argon2PasswordHasher(parameters: .owasp, random: random)
        identity = LocalIdentityService(
            store: identityStore, clock: clock, random: random, hasher: hasher, verifiers: verifiers,
            carryOver: carryOver, device: device, mail: mail?.settings, requireVerifiedEmail: requireVerifiedEmail,
            sessionLabel: sessionLabel,
            accountData: SQLStore(accountDataOn: database, shares: KithSchema.accountData), sealingKey: sealingKey,
            passkeys: passkeys, passkeyLog: passkeyLog)
        outbox = mail.map {
            OutboxSender(store: identityStore, mailer: $0.mailer, clock: clock, schedule: $0.schedule)
        }
        preferences = LocalPreferencesService(store: preferencesStore, clock: clock, random: random)
        familyCodes = LocalFamilyCodeService(
            store: SQLStore(familyCodesOn: database), clock: clock, random: random)
        circles = LocalCirclesService(
            store: SQLStore(circlesOn: database), clock: clock, random: random,
            engine: AccessEngine(capacity: accessCacheOwners), device: device)
    }
}

extension MailSetup {
    /// Mail through the SMTP server at `url` (user and password when it asks), from `from`; `caFile` is a PEM bundle of
    /// the certificate authorities to trust instead of the system's (an operator's own CA), verification staying on.
    public static func smtp(
        url: String, user: String?, password: String?, from: String, caFile: String? = nil,
        schedule: OutboxSchedule = .standard
    ) throws(NetworkingError) -> MailSetup {
        MailSetup(
            settings: MailSettings(from: from),
            mailer: SMTPMailer(
                configuration: try SMTPConfiguration(
                    url: url, username: user, password: password, caBundlePath: caFile)),
            schedule: schedule)
    }

    /// Mail written into the Maildir at `path`, from `from`.
    public static func maildir(_ path: String, from: String, schedule: OutboxSchedule = .standard) -> MailSetup {
        MailSetup(
            settings: MailSettings(from: from), mailer: MaildirMailer(folder: URL(fileURLWithPath: path)),
            schedule: schedule)
    }
}
