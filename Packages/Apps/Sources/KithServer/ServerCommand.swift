import Accounts
import Foundation
import Hummingbird
import IdentityOIDC
import KithComposition
import Logging
import Networking
import PostgresStorage
import Storage
import WebAuthn

/// A server app built on Kith (`kith-server`, `movienight-server`): the features it serves and the OpenAPI document
/// assembled from them, checked to work together when it is made.
public struct ServerApp: Sendable {
    public let name: String
    public let features: [ServerFeature]
    public let composition: Composition
    /// `/openapi.json`: the server's part and every feature's.
    public let openAPI: [UInt8]
    /// The features' operator commands, by name.
    public let commands: [String: OperatorCommand]

    /// The server of `features`; `title` and `description` are its OpenAPI info (else Kith's). Features that clash (a
    /// name, a migration id, a documented path or schema) are refused here, naming both; clashing routes when the
    /// router is built, before the port is taken.
    public init(
        name: String, features: [ServerFeature], title: String? = nil, description: String? = nil
    ) throws(CompositionError) {
        self.name = name
        self.features = features
        composition = try Composition(features.map(\.feature))
        openAPI = Array(try OpenAPIDocument.assemble(features, title: title, description: description))
        var commands: [String: OperatorCommand] = [:]
        var owners = ["migrate": "the server"]
        for feature in features {
            for command in feature.commands {
                if let owner = owners[command.name] {
                    throw CompositionError("\(owner) and \(feature.name) both bring the command \(command.name)")
                }
                owners[command.name] = feature.name
                commands[command.name] = command
            }
        }
        self.commands = commands
    }

    /// `--help`'s text: the server's flags, with every feature's operator commands.
    public var usage: String {
        ServerArguments.usage(commands: features.flatMap(\.commands).flatMap(\.usage))
    }

    /// Runs the server process; returns the exit code (0 after a clean shutdown, 1 on failure, 2 on a usage error).
    public func run(arguments: [String], environment: [String: String]) async -> Int32 {
        await ServerCommand.run(app: self, arguments: arguments, environment: environment)
    }
}

/// The server process: parse the flags, migrate (or check, or refuse), open the store, serve until SIGINT or
/// SIGTERM; or `migrate` and `migrate --check` alone.
public enum ServerCommand {
    /// Runs `app`; returns the exit code (0 after a clean shutdown, 1 on failure, 2 on a usage error).
    public static func run(app: ServerApp, arguments: [String], environment: [String: String]) async -> Int32 {
        if let name = arguments.first, let command = app.commands[name] {
            return await run(command, app: app, arguments: Array(arguments.dropFirst()), environment: environment)
        }
        let parsed: ServerArguments
        do {
            guard let arguments = try ServerArguments.parse(arguments, environment: environment) else {
                print(app.usage)
                return 0
            }
            parsed = arguments
        } catch {
            return fail("\(error)\n\(app.usage)", exitCode: 2)
        }
        let logger = Self.logger(format: parsed.logFormat)
        let store = parsed.store(environment: environment)
        do {
            switch parsed.mode {
            case .checkMigrations:
                let status = try await ServerSchema.status(of: store, migrations: app.composition.migrations)
                for identifier in status.pending { print("pending \(identifier)") }
                print(status.isCurrent ? "The database is up to date." : ServerSchema.pendingRefusal(status))
                return status.isCurrent ? 0 : 1
            case .migrate:
                let applied = try await ServerSchema.migrate(store, migrations: app.composition.migrations)
                for identifier in applied.pending { print("applied \(identifier)") }
                if applied.pending.isEmpty { print("Nothing to apply: the database is up to date.") }
                Self.reportNewer(applied, logger: logger)
                return 0
            case .serve:
                break
            }
            // Migrated here, apart from composing the services, so the log says what was applied or is newer.
            let schema =
                try await parsed.migratesOnStart
                ? ServerSchema.migrate(store, migrations: app.composition.migrations)
                : ServerSchema.status(of: store, migrations: app.composition.migrations)
            if !parsed.migratesOnStart && !schema.isCurrent { return fail(ServerSchema.pendingRefusal(schema)) }
            if parsed.migratesOnStart && !schema.pending.isEmpty {
                logger.info("migrated", metadata: ["applied": .array(schema.pending.map { .string($0) })])
            }
            Self.reportNewer(schema, logger: logger)
            // Keys are fetched with the project's libcurl client; refusals are logged by reason, never the token.
            let verifiers: [any IDTokenVerifier] = try parsed.providers().map {
                OIDCTokenVerifier(configuration: $0, client: CurlHTTPClient(), logger: logger)
            }
            let mail = try parsed.mailSetup(environment: environment)
            let sealingKey = try parsed.sealingKey()
            let passkeys = try parsed.passkeyRelyingParty()
            let passkeyLog: @Sendable (PasskeyCheckFailure) -> Void = { [logger] failure in
                logger.notice("Passkey check failed", metadata: ["check": "\(failure)"])
            }
            // The one options value every feature is composed with, from the flags and the environment.
            let options = CompositionOptions(
                verifiers: verifiers, mail: mail, requireVerifiedEmail: parsed.requireVerifiedEmail,
                accessCacheOwners: parsed.accessCacheOwners, sealingKey: sealingKey, issuer: parsed.issuerURL,
                eventRetention: parsed.eventRetention, passkeys: passkeys, passkeyLog: passkeyLog)
            let services: ServerServices
            switch store {
            case .sqlite(let path):
                services = try ServerServices.sqlite(features: app.features, path: path, options: options)
            case .postgres(let url):
                services = try await ServerServices.postgres(
                    features: app.features, url: url, migrates: false,
                    replicas: .init(urls: parsed.readReplicaURLs, maxLag: parsed.replicaMaxLag), options: options)
                logger.info(
                    "serving from PostgreSQL",
                    metadata: [
                        "database": "\(PostgresDatabase.redacted(url))",
                        "replicas": .array(parsed.readReplicaURLs.map { .string(PostgresDatabase.redacted($0)) }),
                    ])
            }
            let readiness = Readiness()
            let metrics = ServerMetrics(databaseStatistics: services.databaseStatistics)
            let application = try KithServerApplication.application(
                services: services,
                configuration: .init(
                    host: parsed.host, port: parsed.port, tokenCacheSize: parsed.tokenCacheSize,
                    trustedProxies: TrustedProxies(parsed.trustedProxies), readiness: readiness, metrics: metrics),
                logger: logger, openAPI: app.openAPI)
            let sender = services.outbox.map { OutboxService(sender: $0, metrics: metrics, logger: logger) }
            let background = try services.background(metrics: metrics, logger: logger)
            try await KithServerApplication.serve(
                application, logger: logger, readiness: readiness, delay: parsed.shutdownDelay,
                background: (sender.map { [$0] } ?? []) + background)
            // Every commit is already in the file or its WAL: a store that cannot close now loses nothing.
            do { try services.closeStore() } catch { logger.warning("the store did not close: \(error)") }
            return 0
        } catch let error as StorageError {
            return fail(error.message)
        } catch let error as CompositionError {
            return fail(error.description)
        } catch {
            return fail("\(error)")
        }
    }

    /// Runs an operator command: the server's flags (the store, the sealing key, the issuer) are taken from
    /// `arguments` as serving reads them, the rest are the command's. Migrations are checked as `--no-migrate` serving
    /// checks them (pending ones refuse), unless `--migrate` applies them first.
    static func run(
        _ command: OperatorCommand, app: ServerApp, arguments: [String], environment: [String: String]
    ) async -> Int32 {
        let split = OperatorArguments(arguments)
        if split.help {
            print(command.usage.map { "usage: kith-server \($0) [FLAGS]" }.joined(separator: "\n"))
            return 0
        }
        let parsed: ServerArguments
        do {
            parsed = try ServerArguments.parse(split.server, environment: environment) ?? ServerArguments()
        } catch {
            return fail("\(error)\n\(app.usage)", exitCode: 2)
        }
        let store = parsed.store(environment: environment)
        do {
            let schema =
                try await split.migrate
                ? ServerSchema.migrate(store, migrations: app.composition.migrations)
                : ServerSchema.status(of: store, migrations: app.composition.migrations)
            if !schema.isCurrent && !split.migrate {
                return fail(ServerSchema.pendingRefusal(schema) + " (or give --migrate)")
            }
            let options = CompositionOptions(sealingKey: try parsed.sealingKey(), issuer: parsed.issuerURL)
            let services: ServerServices
            switch store {
            case .sqlite(let path):
                services = try ServerServices.sqlite(features: app.features, path: path, options: options)
            case .postgres(let url):
                services = try await ServerServices.postgres(
                    features: app.features, url: url, poolSize: 2, migrates: false, options: options)
            }
            let output = await command.run(split.command, services.services)
            do { try services.closeStore() } catch {}
            switch output.exitCode {
            case 0: if !output.text.isEmpty { print(output.text) }
            case 2:
                let usage = command.usage.map { "usage: kith-server \($0)" }.joined(separator: "\n")
                _ = fail("\(output.text)\n\(usage)", exitCode: 2)
            default: _ = fail(output.text, exitCode: output.exitCode)
            }
            return output.exitCode
        } catch let error as StorageError {
            return fail(error.message)
        } catch let error as CompositionError {
            return fail(error.description)
        } catch {
            return fail("\(error)")
        }
    }

    /// Prints `error: message` on standard error; returns `exitCode`.
    private static func fail(_ message: String, exitCode: Int32 = 1) -> Int32 {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        return exitCode
    }

    /// Says that a newer build migrated the database: this server keeps serving (a fleet in the middle of an
    /// upgrade), and `/health/ready` says so too.
    static func reportNewer(_ status: MigrationStatus, logger: Logger) {
        guard !status.unknown.isEmpty else { return }
        logger.warning(
            "the database has migrations this server does not know (a newer kith-server applied them)",
            metadata: ["unknown": .array(status.unknown.map { .string($0) })])
    }

    /// The server's logger: swift-log's text lines on standard error, or one JSON object a line.
    static func logger(format: ServerArguments.LogFormat) -> Logger {
        switch format {
        case .text: Logger(label: "kith-server")
        case .json: Logger(label: "kith-server", factory: { JSONLogHandler(label: $0) })
        }
    }
}
