import Argon2
import Circles
import CirclesCommands
import CirclesHTTP
import CirclesWire
import Console
import FamilyCodes
import FamilyCodesCommands
import FamilyCodesHTTP
import Foundation
import Identity
import IdentityBrowser
import IdentityCommands
import IdentityHTTP
import IdentityOIDC
import IdentitySQL
import IdentityWire
import KithSchema
import Networking
import Preferences
import PreferencesCommands
import PreferencesHTTP
import ProfileSession
import ProfileSessionCommands
import SQLiteStorage
import Storage

/// The composition root: opens the database with every feature's migrations, builds the services over it,
/// and the product's plugins over the services.
///
/// Swapping a local service for a remote one happens here and only here.
public struct AppEnvironment: Sendable {
    /// The SQLite file of the local composition; nil with `--remote`, and in memory (`readOnly` without a file).
    public let database: SQLiteDatabase?
    /// The server of the remote composition (`--remote URL`); nil locally.
    public let remoteURL: URL?
    public let product: Product
    public let identity: any IdentityService
    /// This device's saved accounts and current account: the `kith` file's tables, or the credentials file.
    public let device: ThisDevice
    /// Who the account acts as; every plugin takes its caller from here, so acting reaches every feature.
    public let session: ProfileSessionManager
    public let preferences: any PreferencesService
    public let familyCodes: any FamilyCodeService
    public let circles: any CirclesService
    /// The plugins of the product's features, in the product's order.
    public let plugins: [any Plugin]
    /// Sends the mail the local rules queue (after each command); nil with `--remote` (the server sends it).
    public let outbox: OutboxSender?
    /// Where mail goes: a Maildir's folder, said after each message written there; nil for an SMTP server.
    public let maildir: String?

    /// Every feature's migrations, whatever the product, so any product can open any file.
    public static var migrations: [FeatureMigrations] { KithSchema.migrations }

    /// The local composition: SQLite at `databasePath`, services running the rules in this process. Google and Apple
    /// sign-in use the providers `environment` sets up (`KITH_GOOGLE_CLIENT_ID`...), tokens verified here; passkeys are
    /// made and used on kith's page at `http://localhost:PORT` (`KITH_PASSKEY_PORT`), the relying party "localhost".
    public static func local(
        databasePath: String, product: Product, environment: [String: String] = [:]
    ) throws(StorageError) -> AppEnvironment {
        local(
            database: try SQLiteDatabase.open(at: databasePath, features: migrations), product: product,
            environment: environment)
    }

    /// The local composition for looking only (shell completion, `help`): the file at `databasePath` opened read-only,
    /// so nothing is created, migrated or written; without a path or a usable file, empty stores in memory (with every
    /// command the file's composition has).
    public static func readOnly(databasePath: String?, product: Product) -> AppEnvironment {
        if let databasePath,
            let database = try? SQLiteDatabase.openReadOnly(
                at: databasePath, features: migrations, busyTimeoutSeconds: 0.05)
        {
            return local(database: database, product: product, environment: [:])
        }
        let identityStore = InMemoryIdentityStore()
        let preferencesStore = InMemoryPreferencesStore(identity: identityStore)
        let deviceStore = InMemoryDeviceStore()
        // Nothing is hashed while only looking; the hasher is the real one all the same.
        let identity = LocalIdentityService(
            store: identityStore, hasher: Argon2PasswordHasher(parameters: .owasp, random: SystemRandomSource()),
            carryOver: PreferencesCarryOver(store: preferencesStore), device: deviceStore)
        return composed(
            database: nil, product: product, identity: identity,
            device: ThisDevice(store: deviceStore, sessions: identity), exitPins: identity,
            exitLock: ExitLock(pins: identity, device: deviceStore),
            preferences: LocalPreferencesService(store: preferencesStore),
            familyCodes: LocalFamilyCodeService(store: InMemoryFamilyCodeStore(identity: identityStore)),
            circles: LocalCirclesService(store: InMemoryCirclesStore(identity: identityStore)),
            authorization: AuthorizationCodeFlow(settings: [:], client: CurlHTTPClient(), environment: [:]),
            passkeys: BrowserPasskeyClient(environment: [:]))
    }

    private static func local(
        database: SQLiteDatabase, product: Product, environment: [String: String]
    ) -> AppEnvironment {
        let providers = providerSettings(environment)
        let http = CurlHTTPClient()
        let deviceStore = SQLDeviceStore(database: database)
        let mail = LocalMail(environment: environment)
        let passkeys = BrowserPasskeyClient(environment: environment)
        let services = KithServices(
            database: database,
            verifiers: providers.values.map { OIDCTokenVerifier(configuration: $0.configuration, client: http) },
            device: deviceStore, mail: mail.setup, sessionLabel: HostName.sessionLabel,
            passkeys: passkeys.localRelyingParty)
        return composed(
            outbox: services.outbox, maildir: mail.maildir,
            database: database, product: product, identity: services.identity,
            device: ThisDevice(store: deviceStore, sessions: services.identity), exitPins: services.identity,
            exitLock: ExitLock(pins: services.identity, device: deviceStore),
            preferences: services.preferences, familyCodes: services.familyCodes, circles: services.circles,
            authorization: AuthorizationCodeFlow(settings: providers, client: http, environment: environment),
            passkeys: passkeys)
    }

    /// The services of either composition, and the product's plugins over them.
    private static func composed(
        outbox: OutboxSender? = nil, maildir: String? = nil, database: SQLiteDatabase?, remoteURL: URL? = nil,
        product: Product, identity: any IdentityService,
        device: ThisDevice, session: ProfileSessionManager? = nil, exitPins: (any ExitPinService)? = nil,
        exitLock: ExitLock? = nil,
        preferences: any PreferencesService, familyCodes: any FamilyCodeService, circles: any CirclesService,
        authorization: AuthorizationCodeFlow, passkeys: BrowserPasskeyClient
    ) -> AppEnvironment {
        let session = session ?? ProfileSessionManager(profiles: identity, device: device, exitLock: exitLock)
        return AppEnvironment(
            database: database, remoteURL: remoteURL, product: product, identity: identity, device: device,
            session: session,
            preferences: preferences, familyCodes: familyCodes, circles: circles,
            plugins: plugins(
                product: product, identity: identity, device: device, session: session, exitPins: exitPins,
                exitLock: exitLock,
                preferences: preferences, familyCodes: familyCodes, circles: circles, authorization: authorization,
                passkeys: passkeys),
            outbox: outbox, maildir: maildir)
    }

    /// The product's plugins, in its order, over the services of either composition.
    private static func plugins(
        product: Product, identity: any IdentityService, device: ThisDevice, session: ProfileSessionManager,
        exitPins: (any ExitPinService)?, exitLock: ExitLock?, preferences: any PreferencesService,
        familyCodes: any FamilyCodeService, circles: any CirclesService,
        authorization: AuthorizationCodeFlow, passkeys: BrowserPasskeyClient
    ) -> [any Plugin] {
        // whoami shows the Circles persona only in products that have Circles.
        let personas = product.features.contains(.circles) ? CirclesPersonas(service: circles) : nil
        return product.features.map { feature -> any Plugin in
            switch feature {
            case .identity:
                IdentityPlugin(
                    service: identity, device: device, principals: session, personas: personas,
                    authorization: authorization, passkeys: passkeys,
                    pins: exitPins, exitLock: exitLock)
            case .profileSession: ProfileSessionPlugin(manager: session, identity: identity)
            case .preferences: PreferencesPlugin(service: preferences, principals: session)
            case .familyCodes: FamilyCodesPlugin(service: familyCodes, principals: session, identity: identity)
            case .circles: CirclesPlugin(service: circles, principals: session)
            }
        }
    }

    /// The remote composition (`--remote URL`): the same plugins over services that call a `kith-server`.
    ///
    /// Saved accounts, tokens and the current account live in the credentials file for that server
    /// (`$XDG_STATE_HOME/kith/remote/<host>-<port>.json`, 0600). `ProfileSessionManager` reads profiles
    /// through `OfflineProfileReads`, so acting works offline from the last loaded profiles.
    /// `whoami` shows the active persona from the server's Circles, as locally, in products that have Circles.
    public static func remote(url: URL, product: Product, environment: [String: String]) -> AppEnvironment {
        // Every request names this client (a session it makes records where it was made); each retry carries the
        // newest causal token, and each answer's token is kept for the next request.
        let http = MiddlewareClient(
            base: CurlHTTPClient(),
            middleware: [
                RetryMiddleware(), ReadAfterMiddleware(),
                HeaderMiddleware(name: WireHeaders.client, value: HostName.sessionLabel),
            ])
        let client = JSONClient(client: http, baseURL: url)
        let credentials = RemoteCredentials(server: url, environment: environment)
        let remote = HTTPIdentityService(client: client, credentials: credentials)
        let deviceStore = RemoteDeviceStore(credentials: credentials)
        let device = ThisDevice(store: deviceStore, sessions: remote)
        // The server checks the PIN and keeps its limits; the lock itself stays in this device's credentials file.
        let exitLock = ExitLock(pins: remote, device: deviceStore)
        let session = ProfileSessionManager(
            profiles: OfflineProfileReads(base: remote), device: device, exitLock: exitLock)
        let token: @Sendable (Principal) async throws -> String = { try await remote.token(for: $0) }
        let preferences = HTTPPreferencesService(client: client, token: token)
        let familyCodes = HTTPFamilyCodeService(client: client, token: token)
        let circles = HTTPCirclesService(client: client, token: token)
        // The server verifies the ID token; this device only runs the provider's sign-in for its client id.
        let authorization = AuthorizationCodeFlow(
            settings: providerSettings(environment), client: CurlHTTPClient(), environment: environment)
        return composed(
            database: nil, remoteURL: url, product: product, identity: remote, device: device, session: session,
            exitPins: remote,
            exitLock: exitLock, preferences: preferences, familyCodes: familyCodes, circles: circles,
            authorization: authorization, passkeys: BrowserPasskeyClient(environment: environment))
    }

    /// The providers `KITH_GOOGLE_CLIENT_ID` / `KITH_APPLE_CLIENT_ID` (and their `_ISSUER`, `_CLIENT_SECRET`) set up.
    /// An issuer that is not https (outside loopback) leaves every provider unset: "... sign-in is not set up here".
    static func providerSettings(_ environment: [String: String]) -> [IdentityProvider: ProviderClientSettings] {
        (try? ProviderClientSettings.fromEnvironment(environment)) ?? [:]
    }

    /// The REPL prompt: who is signed in, the shadow they present, and whom they act as (`dana (as Max) › `).
    public func prompt() async -> String {
        let personas = product.features.contains(.circles) ? CirclesPersonas(service: circles) : nil
        return await IdentityPrompt.text(
            service: identity, device: device, personas: personas, suffix: ProfileSessionPrompt.suffix(manager: session)
        )
    }

    /// The REPL's colours follow the effective theme of whoever is active (the member acted as, while acting).
    public func palette(environment: [String: String]) async -> Style.Palette {
        await PreferencesPalette.palette(service: preferences, principals: session, environment: environment)
    }

    /// What to say when the REPL ends: staged access edits that were neither saved nor discarded.
    public func farewell() async -> String? {
        guard product.features.contains(.circles) else { return nil }
        return await CirclesFarewell.note(service: circles, principals: session)
    }

    /// Sends what the last command queued, and says on `notes` where a message went (a Maildir's file) or that one
    /// waits for the next run. Never fails the command: its change is already made.
    public func sendQueuedMail(notes: any TextSink) async {
        guard let outbox else { return }
        do {
            let report = try await outbox.sendDue()
            for attempt in report.sent {
                notes.write(
                    maildir == nil
                        ? "Mail to \(attempt.recipient) sent.\n"
                        : "Mail to \(attempt.recipient) is in \(attempt.reply)\n")
            }
            for attempt in report.retried {
                notes.write(
                    "Could not send mail to \(attempt.recipient) (\(attempt.reply)): it stays queued, and the next "
                        + "kith run tries again.\n")
            }
            for attempt in report.failed {
                notes.write("Gave up sending mail to \(attempt.recipient): \(attempt.reply)\n")
            }
        } catch {
            notes.write("Could not send queued mail (\(error)): the next kith run tries again.\n")
        }
    }

    /// Starts acting as `member` (`--as MEMBER`).
    public func startActing(as member: String) async throws {
        _ = try await session.switch(to: member)
    }
}
