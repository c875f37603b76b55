import Circles
import CirclesPostgres
import CirclesSQLite
import FamilyCodes
import FamilyCodesPostgres
import FamilyCodesSQLite
import Identity
import IdentityPostgres
import IdentitySQLite
import KithSchema
import PostgresStorage
import Preferences
import PreferencesPostgres
import PreferencesSQLite
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
        closeStore: @escaping @Sendable () throws -> Void = {}
    ) {
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

    /// Every feature's migrations, as `kith` applies them, so the server and `kith` open the same files.
    public static var migrations: [FeatureMigrations] { KithSchema.migrations }

    /// Every feature's PostgreSQL migrations, applied once under an advisory lock by whichever server starts first.
    public static var postgresMigrations: [PostgresFeatureMigrations] {
        [
            IdentityPostgresMigrations.all, PreferencesPostgresMigrations.all, FamilyCodesPostgresMigrations.all,
            CirclesPostgresMigrations.all,
        ]
    }

    /// The rules over the PostgreSQL database at `url`: the same services as on SQLite, so every rule holds alike;
    /// any number of servers may share the database (every write SERIALIZABLE and retried whole on a conflict, every
    /// read one snapshot). Pending migrations are applied first unless `migrates` is false (the caller checked that
    /// none are pending: `--no-migrate`).
    public static func postgres(
        url: String, poolSize: Int = 8, accessCacheOwners: Int = AccessEngine.defaultCapacity,
        clock: any Clock = SystemClock(), random: any RandomSource = SystemRandomSource(),
        hasher: (any PasswordHasher)? = nil, verifiers: [any IDTokenVerifier] = [], migrates: Bool = true,
        timeouts: PostgresDatabase.Timeouts = PostgresDatabase.Timeouts()
    ) async throws(StorageError) -> ServerServices {
        let database =
            migrates
            ? try await PostgresDatabase.open(
                url: url, features: postgresMigrations, size: poolSize, timeouts: timeouts)
            : PostgresDatabase.connect(url: url, size: poolSize, timeouts: timeouts)
        let preferencesStore = PostgresPreferencesStore(database: database)
        // A server keeps no device: accounts sign in with bearer sessions only.
        let identity = LocalIdentityService(
            serverStore: PostgresIdentityStore(database: database), clock: clock, random: random, hasher: hasher,
            verifiers: verifiers, carryOver: PreferencesCarryOver(store: preferencesStore))
        let preferences = LocalPreferencesService(store: preferencesStore, clock: clock, random: random)
        let familyCodes = LocalFamilyCodeService(
            store: PostgresFamilyCodeStore(database: database), clock: clock, random: random)
        let circles = LocalCirclesService(
            store: PostgresCirclesStore(database: database), clock: clock, random: random,
            engine: AccessEngine(capacity: accessCacheOwners))
        return ServerServices(
            identity: identity, preferences: preferences, familyCodes: familyCodes, circles: circles,
            databaseAnswers: { await database.answers() }, identityProviders: Set(verifiers.map(\.provider)),
            databaseStatistics: {
                let counters = database.counters
                let pool = await database.poolUsage()
                return DatabaseStatistics(
                    retries: counters.retries, exhausted: counters.exhausted, replaced: counters.replaced,
                    connectionsInUse: pool.inUse, waiting: pool.waiting)
            }, exitPins: identity, migrationStatus: { try? await database.migrationStatus(postgresMigrations) })
    }

    /// The rules over the SQLite file at `path` (created with mode 0600 and migrated when needed).
    ///
    /// `clock`, `random` and `hasher` are for tests (a manual clock, cheap Argon2); the defaults are the real ones.
    public static func sqlite(
        path: String, accessCacheOwners: Int = AccessEngine.defaultCapacity, clock: any Clock = SystemClock(),
        random: any RandomSource = SystemRandomSource(), hasher: (any PasswordHasher)? = nil,
        verifiers: [any IDTokenVerifier] = []
    ) throws(StorageError) -> ServerServices {
        let database = try KithDatabase.open(at: path, features: migrations)
        let preferencesStore = SQLitePreferencesStore(database: database)
        // The file may be a `kith` device's too: its saved entries follow the account changes made here, as `kith`'s do.
        let identity = LocalIdentityService(
            store: SQLiteIdentityStore(database: database), clock: clock, random: random, hasher: hasher,
            verifiers: verifiers, carryOver: PreferencesCarryOver(store: preferencesStore))
        let preferences = LocalPreferencesService(store: preferencesStore, clock: clock, random: random)
        let familyCodes = LocalFamilyCodeService(
            store: SQLiteFamilyCodeStore(database: database), clock: clock, random: random)
        let circles = LocalCirclesService(
            store: SQLiteCirclesStore(database: database), clock: clock, random: random,
            engine: AccessEngine(capacity: accessCacheOwners))
        let known = migrations.flatMap(\.identifiers)
        return ServerServices(
            identity: identity, preferences: preferences, familyCodes: familyCodes, circles: circles,
            identityProviders: Set(verifiers.map(\.provider)), exitPins: identity,
            migrationStatus: {
                (try? database.appliedMigrations()).map {
                    MigrationStatus(known: known, applied: $0.features.flatMap(\.applied))
                }
            }, closeStore: { try database.close() })
    }
}
