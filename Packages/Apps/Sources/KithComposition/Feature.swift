import Accounts
import Device
import Foundation
import IdentitySQL
import Kernel
import Storage
import WebAuthn

/// One feature as an app composes it: its name, its schema, its share in an account's data, and the rules it runs
/// over the composition's database.
///
/// Kith's features (`Feature.identity`, `.preferences`...) and an outside product's (Examples/movienight's Votes) are
/// values of this one type, made the same way. Each app wraps it with what that app adds (`kith`'s commands,
/// `kith-server`'s routes and OpenAPI paths) and takes a list of them: no list of features is written anywhere else.
public struct Feature: Sendable {
    /// What the feature is called in errors, logs, the registry and exports (`votes`); unique in a composition.
    public let name: String
    /// Its schema on both engines; nil for a feature without tables (acting as a member keeps nothing).
    public let migrations: FeatureMigrations?
    /// What it removes when an account is deleted, adds to an export and moves at graduation; nil when it keeps
    /// nothing about accounts.
    public let accountData: SQLAccountDataShare?
    /// Builds its services over `context` into the composition's services (`provide(_:as:)`); a feature that needs
    /// another's service finds it there. Nil for a feature whose services are the app's (acting as a member).
    public let local: (@Sendable (LocalContext, inout FeatureServices) throws -> Void)?
    /// The event types it writes (DOMAIN.md "Events"): what an app that follows the composition may receive from it.
    public let events: [EventType]

    public init(
        name: String, migrations: FeatureMigrations? = nil, accountData: SQLAccountDataShare? = nil,
        events: [EventType] = [], local: (@Sendable (LocalContext, inout FeatureServices) throws -> Void)? = nil
    ) {
        self.name = name
        self.migrations = migrations
        self.accountData = accountData
        self.events = events
        self.local = local
    }
}

/// What the composition gives every feature that runs its rules here: the one database, the options every feature
/// shares (clock, randomness, mail...), and every feature's share in an account's data (Identity's deletion,
/// export and graduation run them all in one transaction).
public struct LocalContext: Sendable {
    public let database: any SQLDatabase
    public let options: CompositionOptions
    public let accountData: [SQLAccountDataShare]
}

/// The options an app gives its composition, in one value: tests change the clock, randomness and hasher; `kith` and
/// `kith-server` set the rest from their flags and environment. Defaults are the real ones.
public struct CompositionOptions: Sendable {
    /// The system's clock unless a test gives a manual one.
    public var clock: any WallClock
    public var random: any RandomSource
    /// Argon2id at OWASP's parameters when nil; tests give a cheap one.
    public var hasher: (any PasswordHasher)?
    /// The providers accounts may sign in with (Google, Apple).
    public var verifiers: [any IDTokenVerifier]
    /// `kith`'s saved accounts, whose entries follow the account's name, type and photo; a server keeps no device.
    public var device: (any DeviceStore)?
    /// Mail, or nil: nothing that needs mail is offered.
    public var mail: MailSetup?
    /// The server's `--require-verified-email`.
    public var requireVerifiedEmail: Bool
    /// Most owners whose access a feature keeps decided in memory (the server's `--access-cache`); nil for the
    /// feature's own default.
    public var accessCacheOwners: Int?
    /// Where the sessions this composition makes were made ("kith on HOST"); a server labels each request's instead.
    public var sessionLabel: String?
    /// Seals TOTP secrets, signing keys and webhook secrets at rest (the server's `--sealing-key-file`).
    public var sealingKey: SealingKey?
    /// The URL tokens for apps name as their issuer (the server's `--issuer`, `kith`'s `KITH_ISSUER`); nil for the
    /// feature's own default.
    public var issuer: String?
    /// How long the event log keeps events, in seconds (the server's `--event-retention`); nil for the feature's own
    /// default (7 days).
    public var eventRetention: TimeInterval?
    /// The relying party passkeys are made for (`--passkey-rp-id`, `--passkey-origin`).
    public var passkeys: PasskeyRelyingParty?
    /// Hears which check a refused passkey ceremony failed.
    public var passkeyLog: (@Sendable (PasskeyCheckFailure) -> Void)?

    /// The real defaults, with what the caller gives instead.
    public init(
        clock: any WallClock = SystemClock(), random: any RandomSource = SystemRandomSource(),
        hasher: (any PasswordHasher)? = nil, verifiers: [any IDTokenVerifier] = [], device: (any DeviceStore)? = nil,
        mail: MailSetup? = nil, requireVerifiedEmail: Bool = false, accessCacheOwners: Int? = nil,
        sessionLabel: String? = nil, sealingKey: SealingKey? = nil, issuer: String? = nil,
        eventRetention: TimeInterval? = nil, passkeys: PasskeyRelyingParty? = nil,
        passkeyLog: (@Sendable (PasskeyCheckFailure) -> Void)? = nil
    ) {
        self.clock = clock
        self.random = random
        self.hasher = hasher
        self.verifiers = verifiers
        self.device = device
        self.mail = mail
        self.requireVerifiedEmail = requireVerifiedEmail
        self.accessCacheOwners = accessCacheOwners
        self.sessionLabel = sessionLabel
        self.sealingKey = sealingKey
        self.issuer = issuer
        self.eventRetention = eventRetention
        self.passkeys = passkeys
        self.passkeyLog = passkeyLog
    }
}
