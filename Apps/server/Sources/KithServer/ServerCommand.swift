import Foundation
import Hummingbird
import Identity
import IdentityOIDC
import KithSchema
import Logging
import Networking
import PostgresStorage
import Storage

/// The `kith-server` process: parse the flags, migrate (or check, or refuse), open the store, serve until SIGINT or
/// SIGTERM; or `migrate` and `migrate --check` alone.
public enum ServerCommand {
    /// Runs the server; returns the exit code (0 after a clean shutdown, 1 on failure, 2 on a usage error).
    public static func run(arguments: [String], environment: [String: String]) async -> Int32 {
        let parsed: ServerArguments
        do {
            guard let arguments = try ServerArguments.parse(arguments, environment: environment) else {
                print(ServerArguments.usage)
                return 0
            }
            parsed = arguments
        } catch {
            return fail("\(error)\n\(ServerArguments.usage)", exitCode: 2)
        }
        let logger = Self.logger(format: parsed.logFormat)
        let store = parsed.store(environment: environment)
        do {
            switch parsed.mode {
            case .checkMigrations:
                let status = try await ServerSchema.status(of: store)
                for identifier in status.pending { print("pending \(identifier)") }
                print(status.isCurrent ? "The database is up to date." : ServerSchema.pendingRefusal(status))
                return status.isCurrent ? 0 : 1
            case .migrate:
                let applied = try await ServerSchema.migrate(store)
                for identifier in applied.pending { print("applied \(identifier)") }
                if applied.pending.isEmpty { print("Nothing to apply: the database is up to date.") }
                Self.reportNewer(applied, logger: logger)
                return 0
            case .serve:
                break
            }
            // Migrated here, apart from composing the services, so the log says what was applied or is newer.
            let schema = try await parsed.migratesOnStart ? ServerSchema.migrate(store) : ServerSchema.status(of: store)
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
            let services: ServerServices
            switch store {
            case .sqlite(let path):
                services = try ServerServices.sqlite(
                    path: path, accessCacheOwners: parsed.accessCacheOwners, verifiers: verifiers, mail: mail,
                    requireVerifiedEmail: parsed.requireVerifiedEmail, sealingKey: sealingKey, passkeys: passkeys,
                    passkeyLog: passkeyLog)
            case .postgres(let url):
                services = try await ServerServices.postgres(
                    url: url, accessCacheOwners: parsed.accessCacheOwners, verifiers: verifiers, migrates: false,
                    mail: mail, requireVerifiedEmail: parsed.requireVerifiedEmail, sealingKey: sealingKey,
                    passkeys: passkeys, passkeyLog: passkeyLog,
                    replicas: .init(urls: parsed.readReplicaURLs, maxLag: parsed.replicaMaxLag))
                logger.info(
                    "serving from PostgreSQL",
                    metadata: [
                        "database": "\(PostgresDatabase.redacted(url))",
                        "replicas": .array(parsed.readReplicaURLs.map { .string(PostgresDatabase.redacted($0)) }),
                    ])
            }
            let readiness = Readiness()
            let metrics = ServerMetrics(databaseStatistics: services.databaseStatistics)
            let app = KithServerApplication.application(
                services: services,
                configuration: .init(
                    host: parsed.host, port: parsed.port, tokenCacheSize: parsed.tokenCacheSize,
                    trustedProxies: TrustedProxies(parsed.trustedProxies), readiness: readiness, metrics: metrics),
                logger: logger)
            let sender = services.outbox.map { OutboxService(sender: $0, metrics: metrics, logger: logger) }
            try await KithServerApplication.serve(
                app, logger: logger, readiness: readiness, delay: parsed.shutdownDelay,
                background: sender.map { [$0] } ?? [])
            // Every commit is already in the file or its WAL: a store that cannot close now loses nothing.
            do { try services.closeStore() } catch { logger.warning("the store did not close: \(error)") }
            return 0
        } catch let error as StorageError {
            return fail(error.message)
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
