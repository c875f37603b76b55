import Circles
import FamilyCodes
import Identity
import KithSchema
import PostgresStorage
import Preferences
import SQLiteStorage
import Storage

/// The domain services the routes call.
public struct ServerServices: Sendable {
    public let identity: any IdentityService
    /// Exit PINs of managed members (the local identity rules keep them); nil serves no exit-PIN routes.
    public let exitPins: (any ExitPinService)?
    public let preferences: any PreferencesService
    public let familyCodes: any FamilyCodeService
    public let circles: any CirclesService
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

    /// Services as given (tests may compose them over any store).
    public init(
        identity: any IdentityService, preferences: any PreferencesService, familyCodes: any FamilyCodeService,
        circles: any CirclesService, databaseAnswers: @escaping @Sendable () async -> Bool = { true },
        identityProviders: Set<IdentityProvider> = [],
        databaseStatistics: (@Sendable () async -> DatabaseStatistics)? = nil, exitPins: (any ExitPinService)? = nil,
        migrationStatus: @escaping @Sendable () async -> MigrationStatus? = {
            MigrationStatus(known: [], applied: [])
        },
        closeStore: @escaping @Sendable () throws -> Void = {}, outbox: OutboxSender? = nil
    ) {
        self.outbox = outbox
        self.migrationStatus = migrationStatus
        self.closeStore = closeStore
        self.identity = identity
        self.exitPins = exitPins
        self.preferences = preferences
        self.familyCodes = familyCodes
        self.circles = circles
        self.databaseAnswers = databaseAnswers
        self.identityProviders = identityProviders
        self.databaseStatistics = databaseStatistics
    }

    /// Every feature's migrations, as `kith` applies them, so the server and `kith` open the same files and databases.
    public static var migrations: [FeatureMigrations] { KithSchema.migrations }

    /// The rules over the PostgreSQL database at `url`: the same services as on SQLite, so every rule holds alike;
    /// any number of servers may share the database (every write SERIALIZABLE and retried whole on a conflict, every
    /// read one snapshot). Pending migrations are applied first unless `migrates` is false (the caller checked that
    /// none are pending: `--no-migrate`).
    public static func postgres(
        url: String, poolSize: Int = 8, accessCacheOwners: Int = AccessEngine.defaultCapacity,
        clock: any WallClock = SystemClock(), random: any RandomSource = SystemRandomSource(),
        hasher: (any PasswordHasher)? = nil, verifiers: [any IDTokenVerifier] = [], migrates: Bool = true,
        timeouts: PostgresDatabase.Timeouts = PostgresDatabase.Timeouts(), mail: MailSetup? = nil,
        requireVerifiedEmail: Bool = false, sealingKey: SealingKey? = nil, passkeys: PasskeyRelyingParty? = nil,
        passkeyLog: (@Sendable (PasskeyCheckFailure) -> Void)? = nil,
        replicas: PostgresDatabase.Replicas = PostgresDatabase.Replicas()
    ) async throws(StorageError) -> ServerServices {
        let database =
            migrates
            ? try await PostgresDatabase.open(
                url: url, features: migrations, size: poolSize, timeouts: timeouts, replicas: replicas)
            : PostgresDatabase.connect(url: url, size: poolSize, timeouts: timeouts, replicas: replicas)
        let services = KithServices(
            database: database, clock: clock, random: random, hasher: hasher, verifiers: verifiers, mail: mail,
            requireVerifiedEmail: requireVerifiedEmail, accessCacheOwners: accessCacheOwners, sealingKey: sealingKey,
            passkeys: passkeys, passkeyLog: passkeyLog)
        return ServerServices(
            services, identityProviders: Set(verifiers.map(\.provider)),
            databaseAnswers: { await database.answers() },
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

    /// The rules over the SQLite file at `path` (created with mode 0600 and migrated when needed). The file may be a
    /// `kith` device's too: its saved entries follow the account changes made here, as `kith`'s do.
    public static func sqlite(
        path: String, accessCacheOwners: Int = AccessEngine.defaultCapacity, clock: any WallClock = SystemClock(),
        random: any RandomSource = SystemRandomSource(), hasher: (any PasswordHasher)? = nil,
        verifiers: [any IDTokenVerifier] = [], mail: MailSetup? = nil, requireVerifiedEmail: Bool = false,
        sealingKey: SealingKey? = nil, passkeys: PasskeyRelyingParty? = nil,
        passkeyLog: (@Sendable (PasskeyCheckFailure) -> Void)? = nil
    ) throws(StorageError) -> ServerServices {
        let database = try SQLiteDatabase.open(at: path, features: migrations)
        let services = KithServices(
            database: database, clock: clock, random: random, hasher: hasher, verifiers: verifiers, mail: mail,
            requireVerifiedEmail: requireVerifiedEmail, accessCacheOwners: accessCacheOwners, sealingKey: sealingKey,
            passkeys: passkeys, passkeyLog: passkeyLog)
        let known = migrations.flatMap { $0.identifiers(for: .sqlite) }
        return ServerServices(
            services, identityProviders: Set(verifiers.map(\.provider)),
            migrationStatus: {
                (try? database.appliedMigrations()).map {
                    MigrationStatus(known: known, applied: $0.features.flatMap(\.applied))
                }
            }, closeStore: { try database.close() })
    }

    /// The services of one composition, with what the health, metrics and shutdown of its database need.
    private init(
        _ services: KithServices, identityProviders: Set<IdentityProvider>,
        databaseAnswers: @escaping @Sendable () async -> Bool = { true },
        databaseStatistics: (@Sendable () async -> DatabaseStatistics)? = nil,
        migrationStatus: @escaping @Sendable () async -> MigrationStatus?,
        closeStore: @escaping @Sendable () throws -> Void = {}
    ) {
        self.init(
            identity: services.identity, preferences: services.preferences, familyCodes: services.familyCodes,
            circles: services.circles, databaseAnswers: databaseAnswers, identityProviders: identityProviders,
            databaseStatistics: databaseStatistics, exitPins: services.identity, migrationStatus: migrationStatus,
            closeStore: closeStore, outbox: services.outbox)
    }
}
