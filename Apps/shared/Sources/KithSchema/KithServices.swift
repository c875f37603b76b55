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

    /// The services over `database`. `kith` gives its file's `device` store, whose saved entries follow the account's
    /// name, type and photo; a server keeps no device.
    ///
    /// `clock`, `random` and `hasher` are for tests (a manual clock, cheap Argon2); the defaults are the real ones:
    /// the system's, and Argon2id at OWASP's parameters.
    public init(
        database: any SQLDatabase, clock: any WallClock = SystemClock(),
        random: any RandomSource = SystemRandomSource(),
        hasher: (any PasswordHasher)? = nil, verifiers: [any IDTokenVerifier] = [],
        device: (any DeviceStore)? = nil,
        accessCacheOwners: Int = AccessEngine.defaultCapacity
    ) {
        let preferencesStore = SQLStore(preferencesOn: database)
        // A claim moves the member's preferences in the same transaction as the new account.
        let carryOver = PreferencesCarryOver(store: preferencesStore)
        let identityStore = SQLStore(identityOn: database)
        let hasher = hasher ?? Argon2PasswordHasher(parameters: .owasp, random: random)
        identity = LocalIdentityService(
            store: identityStore, clock: clock, random: random, hasher: hasher, verifiers: verifiers,
            carryOver: carryOver, device: device)
        preferences = LocalPreferencesService(store: preferencesStore, clock: clock, random: random)
        familyCodes = LocalFamilyCodeService(
            store: SQLStore(familyCodesOn: database), clock: clock, random: random)
        circles = LocalCirclesService(
            store: SQLStore(circlesOn: database), clock: clock, random: random,
            engine: AccessEngine(capacity: accessCacheOwners), device: device)
    }
}
