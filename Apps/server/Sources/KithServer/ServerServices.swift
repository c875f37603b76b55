import Circles
import CirclesSQLite
import FamilyCodes
import FamilyCodesSQLite
import Identity
import IdentitySQLite
import KithSchema
import Preferences
import PreferencesSQLite
import Storage

/// The domain services the routes call.
public struct ServerServices: Sendable {
    public let identity: any IdentityService
    public let preferences: any PreferencesService
    public let familyCodes: any FamilyCodeService
    public let circles: any CirclesService

    /// Services as given (tests may compose them over any store).
    public init(
        identity: any IdentityService, preferences: any PreferencesService, familyCodes: any FamilyCodeService,
        circles: any CirclesService
    ) {
        self.identity = identity
        self.preferences = preferences
        self.familyCodes = familyCodes
        self.circles = circles
    }

    /// Every feature's migrations, as `kith` applies them, so the server and `kith` open the same files.
    public static var migrations: [FeatureMigrations] { KithSchema.migrations }

    /// The rules over the SQLite file at `path` (created with mode 0600 and migrated when needed).
    ///
    /// `clock`, `random` and `hasher` are for tests (a manual clock, cheap Argon2); the defaults are the real ones.
    public static func sqlite(
        path: String, clock: any Clock = SystemClock(), random: any RandomSource = SystemRandomSource(),
        hasher: (any PasswordHasher)? = nil
    ) throws(StorageError) -> ServerServices {
        let database = try KithDatabase.open(at: path, features: migrations)
        let identity = LocalIdentityService(
            store: SQLiteIdentityStore(database: database), clock: clock, random: random, hasher: hasher)
        let preferences = LocalPreferencesService(
            store: SQLitePreferencesStore(database: database), clock: clock, random: random)
        let familyCodes = LocalFamilyCodeService(
            store: SQLiteFamilyCodeStore(database: database), clock: clock, random: random)
        let circles = LocalCirclesService(
            store: SQLiteCirclesStore(database: database), clock: clock, random: random)
        return ServerServices(
            identity: identity, preferences: preferences, familyCodes: familyCodes, circles: circles)
    }
}
