import Argon2
import Circles
import CirclesSQL
import FamilyCodes
import FamilyCodesSQL
import Identity
import IdentitySQL
import Preferences
import PreferencesSQL
import Storage

/// The rules of every feature over one SQL database: the one composition that `kith` (its SQLite file) and
/// `kith-server` (SQLite or PostgreSQL) both run, so every rule holds alike wherever it runs.
public struct KithServices: Sendable {
    public let identity: LocalIdentityService
    public let preferences: LocalPreferencesService
    public let familyCodes: LocalFamilyCodeService
    public let circles: LocalCirclesService

    /// The services over `database`. An SQLite file may be a device's (`kith`'s), so its identity rules keep this
    /// device's state (saved accounts follow account changes made by a server on the same file); a PostgreSQL
    /// database is a server's, which keeps no device: accounts sign in with bearer sessions only.
    ///
    /// `clock`, `random` and `hasher` are for tests (a manual clock, cheap Argon2); the defaults are the real ones:
    /// the system's, and Argon2id at OWASP's parameters.
    public init(
        database: any SQLDatabase, clock: any WallClock = SystemClock(),
        random: any RandomSource = SystemRandomSource(),
        hasher: (any PasswordHasher)? = nil, verifiers: [any IDTokenVerifier] = [],
        exitLocks: any DeviceExitLockStore = InMemoryDeviceExitLockStore(),
        accessCacheOwners: Int = AccessEngine.defaultCapacity
    ) {
        let preferencesStore = SQLStore(preferencesOn: database)
        // A claim moves the member's preferences in the same transaction as the new account.
        let carryOver = PreferencesCarryOver(store: preferencesStore)
        let identityStore = SQLIdentityStore(database: database)
        let hasher = hasher ?? Argon2PasswordHasher(parameters: .owasp, random: random)
        identity =
            database.dialect == .sqlite
            ? LocalIdentityService(
                store: identityStore, clock: clock, random: random, hasher: hasher, verifiers: verifiers,
                exitLocks: exitLocks, carryOver: carryOver)
            : LocalIdentityService(
                serverStore: identityStore, clock: clock, random: random, hasher: hasher, verifiers: verifiers,
                carryOver: carryOver)
        preferences = LocalPreferencesService(store: preferencesStore, clock: clock, random: random)
        familyCodes = LocalFamilyCodeService(
            store: SQLStore(familyCodesOn: database), clock: clock, random: random)
        circles = LocalCirclesService(
            store: SQLStore(circlesOn: database), clock: clock, random: random,
            engine: AccessEngine(capacity: accessCacheOwners))
    }
}
