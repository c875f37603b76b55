import Accounts
import Foundation
import Identity
import Kernel
import KithComposition
import Logging
import Mail
import PostgresStorage
import SQLiteStorage
import ServiceLifecycle
import Storage
import WebAuthn

/// The services the routes call, with what the server's health, metrics and shutdown need of its database.
public struct ServerServices: Sendable {
    /// The features the server was built with, whose routes it serves.
    public let features: [ServerFeature]
    /// Every service the features built, by protocol.
    public let services: FeatureServices
    /// The account service every feature's routes and the bearer tokens rest on.
    public let identity: any IdentityService
    /// Whether the database answers now, for `/health` (a local SQLite file always does).
    public let databaseAnswers: @Sendable () async -> Bool
    /// The schema against this build's migrations, for `/health/ready`; nil when the database does not answer.
    public let migrationStatus: @Sendable () async -> MigrationStatus?
    /// The providers accounts may sign in with (a client id configured); the routes of the others answer 404.
    public let identityProviders: Set<IdentityProvider>
    /// The database's retries and pool, for `/metrics`; nil for a SQLite file, which has no pool.
    public let databaseStatistics: (@Sendable () async -> DatabaseStatistics)?
    /// Sends what the rules queue for mail; nil when mail is not set up.
    public let outbox: OutboxSender?
    /// Closes the store once the last request is answered (a SQLite file is checkpointed and its WAL removed).
    public let closeStore: @Sendable () throws -> Void

    /// `services` as given (tests may compose them over any store); they must provide `any IdentityService`.
    public init(
        features: [ServerFeature], services: FeatureServices,
        databaseAnswers: @escaping @Sendable () async -> Bool = { true },
        identityProviders: Set<IdentityProvider> = [],
        databaseStatistics: (@Sendable () async -> DatabaseStatistics)? = nil,
        migrationStatus: @escaping @Sendable () async -> MigrationStatus? = {
            MigrationStatus(known: [], applied: [])
        },
        closeStore: @escaping @Sendable () throws -> Void = {}
    ) throws(CompositionError) {
        self.features = features
        self.services = services
        identity = try services.require((any IdentityService).self, by: "the server")
        outbox = services[OutboxSender.self]
        self.migrationStatus = migrationStatus
        self.closeStore = closeStore
        self.databaseAnswers = databaseAnswers
        self.identityProviders = identityProviders
        self.databaseStatistics = databaseStatistics
    }

    /// The rules over the PostgreSQL database at `url`, composed with `options` (the app's one value: clock, hasher,
    /// providers, mail, sealing key, passkeys...): the same services as on SQLite, so every rule holds alike;
    /// any number of servers may share the database (every write SERIALIZABLE and retried whole on a conflict, every
    /// read one snapshot). Pending migrations are applied first unless `migrates` is false (the caller checked that
    /// none are pending: `--no-migrate`).
    public static func postgres(
        features: [ServerFeature], url: String, poolSize: Int = 8, migrates: Bool = true,
        timeouts: PostgresDatabase.Timeouts = PostgresDatabase.Timeouts(),
        replicas: PostgresDatabase.Replicas = PostgresDatabase.Replicas(),
        options: CompositionOptions = CompositionOptions()
    ) async throws -> ServerServices {
        let composition = try Composition(features.map(\.feature))
        let migrations = composition.migrations
        let database =
            migrates
            ? try await PostgresDatabase.open(
                url: url, features: migrations, size: poolSize, timeouts: timeouts, replicas: replicas)
            : PostgresDatabase.connect(url: url, size: poolSize, timeouts: timeouts, replicas: replicas)
        let services = try composition.local(
            database: database,
            options: options)
        return try ServerServices(
            features: features, services: services, databaseAnswers: { await database.answers() },
            identityProviders: Set(options.verifiers.map(\.provider)),
            databaseStatistics: {
                let counters = database.counters
                let pool = await database.poolUsage()
                var statistics = DatabaseStatistics(
                    retries: counters.retries, exhausted: counters.exhausted, replaced: counters.replaced,
                    connectionsInUse: pool.inUse, waiting: pool.waiting)
                statistics.primaryReads = counters.primaryReads
                statistics.replicaReads = counters.replicaReads
                statistics.replicaBehind = counters.replicaBehind
                statistics.replicaFailures = counters.replicaFailures
                statistics.replicas = database.replicaStatuses().map {
                    DatabaseStatistics.Replica(
                        name: $0.name,
                        lagSeconds: Double($0.lag.components.seconds)
                            + Double($0.lag.components.attoseconds) / 1e18, lagBytes: $0.lagBytes)
                }
                return statistics
            }, migrationStatus: { try? await database.migrationStatus(migrations) })
    }

    /// The rules over the SQLite file at `path` (created with mode 0600 and migrated when needed), composed with
    /// `options`. The file may be a
    /// `kith` device's too: its saved entries follow the account changes made here, as `kith`'s do.
    public static func sqlite(
        features: [ServerFeature], path: String, options: CompositionOptions = CompositionOptions()
    ) throws -> ServerServices {
        let composition = try Composition(features.map(\.feature))
        let migrations = composition.migrations
        let database = try SQLiteDatabase.open(at: path, features: migrations)
        let services = try composition.local(
            database: database,
            options: options)
        let known = migrations.flatMap { $0.identifiers(for: .sqlite) }
        return try ServerServices(
            features: features, services: services, identityProviders: Set(options.verifiers.map(\.provider)),
            migrationStatus: {
                (try? database.appliedMigrations()).map {
                    MigrationStatus(known: known, applied: $0.features.flatMap(\.applied))
                }
            }, closeStore: { try database.close() })
    }
}

extension ServerServices {
    /// Every feature's background services, in the features' order, over these services.
    public func background(metrics: ServerMetrics, logger: Logger) throws -> [any Service] {
        let context = BackgroundContext(services: services, metrics: metrics, logger: logger)
        return try features.flatMap { try $0.background?(context) ?? [] }
    }
}
