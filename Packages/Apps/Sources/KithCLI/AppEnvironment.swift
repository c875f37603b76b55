import Console
import Device
import Foundation
import Households
import Identity
import IdentityBrowser
import IdentityCommands
import IdentityHTTP
import IdentityOIDC
import IdentitySQL
import IdentityWire
import Kernel
import KithComposition
import Mail
import Networking
import ProfileSession
import SQLiteStorage
import Storage

/// The composition root of one run: opens the database with every feature's migrations, builds the product's
/// services over it (or over a server), and the product's plugins over the services.
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
    /// Every service the product's features built, by protocol.
    public let services: FeatureServices
    /// The plugins of the product's features, in the product's order.
    public let plugins: [any Plugin]
    /// Sends the mail the local rules queue (after each command); nil with `--remote` (the server sends it).
    public let outbox: OutboxSender?
    /// Where mail goes: a Maildir's folder, said after each message written there; nil for an SMTP server.
    public let maildir: String?
    private let context: PluginContext
    private let features: [CommandLineFeature]
    /// What the app is called in its notes ("the next kith run").
    private let appName: String

    /// The local composition: SQLite at `databasePath`, services running the rules in this process. Google and Apple
    /// sign-in use the providers `environment` sets up (`KITH_GOOGLE_CLIENT_ID`...), tokens verified here; passkeys are
    /// made and used on the page at `http://localhost:PORT` (`KITH_PASSKEY_PORT`), the relying party "localhost".
    public static func local(
        app: KithApp, databasePath: String, product: Product, environment: [String: String] = [:]
    ) throws -> AppEnvironment {
        let database = try SQLiteDatabase.open(at: databasePath, features: app.composition.migrations)
        return try local(app: app, database: database, file: database, product: product, environment: environment)
    }

    /// The local composition for looking only (shell completion, `help`): the file at `databasePath` opened read-only,
    /// so nothing is created, migrated or written; without a path or a usable file, a database that holds nothing (with
    /// every command the file's composition has).
    public static func readOnly(app: KithApp, databasePath: String?, product: Product) throws -> AppEnvironment {
        if let databasePath,
            let database = try? SQLiteDatabase.openReadOnly(
                at: databasePath, features: app.composition.migrations, busyTimeoutSeconds: 0.05)
        {
            return try local(app: app, database: database, file: database, product: product, environment: [:])
        }
        // Only the commands are needed: the services are made over a database that holds nothing, and never called.
        return try local(
            app: app, database: NoDatabase(), file: nil, product: product, environment: [:])
    }

    /// The local composition over `database`; `file` is the same database when it is a SQLite file (for `status` and
    /// mail), nil when the composition only looks.
    private static func local(
        app: KithApp, database: any SQLDatabase, file: SQLiteDatabase?, product: Product,
        environment: [String: String]
    ) throws -> AppEnvironment {
        let http = CurlHTTPClient()
        let deviceStore = SQLDeviceStore(database: database)
        let mail = LocalMail(environment: environment)
        var options = CompositionOptions()
        options.verifiers = ProviderSettings.of(environment).values.map {
            OIDCTokenVerifier(configuration: $0.configuration, client: http)
        }
        options.device = deviceStore
        options.mail = mail.setup
        options.sessionLabel = HostName.sessionLabel
        options.passkeys = BrowserPasskeyClient(environment: environment).localRelyingParty
        // Tokens made here name the server that will serve this file, when it is known; else the feature's default.
        options.issuer = environment["KITH_ISSUER"].flatMap { $0.isEmpty ? nil : $0 }
        let services = try app.composition.local(
            database: database, options: options, named: Set(app.features(of: product).map(\.name)))
        let identity = try services.require((any IdentityService).self, by: app.name)
        let device = ThisDevice(store: deviceStore, sessions: identity)
        let exitLock = services[(any ExitPinService).self].map { ExitLock(pins: $0, device: deviceStore) }
        return try AppEnvironment(
            app: app, database: file, remoteURL: nil, product: product, identity: identity,
            device: device,
            session: ProfileSessionManager(profiles: identity, device: device, exitLock: exitLock),
            services: services, exitLock: exitLock, environment: environment,
            outbox: file == nil ? nil : services[OutboxSender.self], maildir: mail.maildir)
    }

    /// The remote composition (`--remote URL`): the same plugins over services that call a server.
    ///
    /// Saved accounts, tokens and the current account live in the credentials file for that server
    /// (`$XDG_STATE_HOME/kith/remote/<host>-<port>.json`, 0600). `ProfileSessionManager` reads profiles
    /// through `OfflineProfileReads`, so acting works offline from the last loaded profiles.
    public static func remote(
        app: KithApp, url: URL, product: Product, environment: [String: String]
    ) throws -> AppEnvironment {
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
        var services = FeatureServices()
        services.provide(remote, as: (any IdentityService).self)
        services.provide(remote, as: (any ExitPinService).self)
        services.provide(remote, as: (any ApprovalService).self)
        let context = RemoteContext(
            client: client, token: { try await remote.token(for: $0) }, environment: environment)
        for feature in app.features(of: product) { try feature.remote?(context, &services) }
        return try AppEnvironment(
            app: app, database: nil, remoteURL: url, product: product, identity: remote, device: device,
            session: session, services: services, exitLock: exitLock, environment: environment, outbox: nil,
            maildir: nil)
    }

    private init(
        app: KithApp, database: SQLiteDatabase?, remoteURL: URL?, product: Product, identity: any IdentityService,
        device: ThisDevice, session: ProfileSessionManager, services: FeatureServices, exitLock: ExitLock?,
        environment: [String: String], outbox: OutboxSender?, maildir: String?
    ) throws {
        self.database = database
        self.remoteURL = remoteURL
        self.product = product
        self.identity = identity
        self.device = device
        self.session = session
        self.services = services
        self.outbox = outbox
        self.maildir = maildir
        appName = app.name
        features = app.features(of: product)
        context = PluginContext(
            services: services, identity: identity, device: device, session: session, exitLock: exitLock,
            environment: environment, product: product)
        let context = context
        plugins = try features.compactMap { feature in try feature.plugin?(context) }
    }

    /// The REPL prompt: who is signed in, the shadow they present, and whom they act as (`dana (as Max) › `).
    public func prompt() async -> String {
        await IdentityPrompt.text(
            service: identity, device: device, personas: services[(any PersonaSource).self],
            suffix: ProfileSessionPrompt.suffix(manager: session))
    }

    /// The REPL's colours follow the effective theme of whoever is active (the member acted as, while acting), as
    /// the first feature with a palette has it.
    public func palette(environment: [String: String]) async -> Style.Palette {
        guard let palette = features.lazy.compactMap(\.palette).first else {
            return .dark
        }
        return await palette(context, environment)
    }

    /// What to say when the REPL ends: each feature's note (access edits neither saved nor discarded).
    public func farewell() async -> String? {
        var notes: [String] = []
        for feature in features {
            if let farewell = feature.farewell, let note = await farewell(context) { notes.append(note) }
        }
        return notes.isEmpty ? nil : notes.joined(separator: "\n")
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
                        + "\(appName) run tries again.\n")
            }
            for attempt in report.failed {
                notes.write("Gave up sending mail to \(attempt.recipient): \(attempt.reply)\n")
            }
        } catch {
            notes.write("Could not send queued mail (\(error)): the next \(appName) run tries again.\n")
        }
    }

    /// Starts acting as `member` (`--as MEMBER`).
    public func startActing(as member: String) async throws {
        _ = try await session.switch(to: member)
    }
}

/// The database of a composition that only looks without a file (`help`, completion's commands and flags): it
/// holds nothing, so the services over it can be made, and any read or write says there is nothing here.
struct NoDatabase: SQLDatabase {
    var dialect: SQLDialect { .sqlite }

    func read<T: Sendable>(_ body: @Sendable (any SQLConnection) throws -> T) async throws -> T {
        throw StorageError(.cannotOpen, "There is no database here: this run only looks")
    }

    func write<T: Sendable>(synchronous: Bool, _ body: @Sendable (any SQLConnection) throws -> T) async throws -> T {
        throw StorageError(.cannotOpen, "There is no database here: this run only looks")
    }
}
