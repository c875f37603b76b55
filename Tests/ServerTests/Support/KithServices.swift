import Accounts
import Circles
import FamilyCodes
import Households
import Identity
import Kernel
import KithComposition
import KithServer
import KithServerProducts
import Mail
import Preferences
import Storage
import Tokens
import WebAuthn

/// `kith-server`'s features over one database, with each feature's service typed, for the tests that call the rules
/// as the routes do (two servers racing, deleting across every feature).
struct KithServices: Sendable {
    let identity: LocalIdentityService
    let preferences: any PreferencesService
    let familyCodes: any FamilyCodeService
    let circles: any CirclesService
    let outbox: OutboxSender?

    /// Every feature's migrations, in order, as `kith-server` opens its database.
    static var migrations: [FeatureMigrations] {
        (try? Composition(ServerApp.kithFeatures.map(\.feature)).migrations) ?? []
    }

    init(
        database: any SQLDatabase, clock: any WallClock = SystemClock(),
        random: any RandomSource = SystemRandomSource(), hasher: (any PasswordHasher)? = nil,
        verifiers: [any IDTokenVerifier] = [], mail: MailSetup? = nil, passkeys: PasskeyRelyingParty? = nil
    ) {
        let options = CompositionOptions(
            clock: clock, random: random, hasher: hasher, verifiers: verifiers, mail: mail, passkeys: passkeys)
        // Kith's own features always compose: a failure here is a bug the first test shows.
        let services = try! Composition(ServerApp.kithFeatures.map(\.feature)).local(
            database: database, options: options)
        identity = services[LocalIdentityService.self]!
        preferences = services[(any PreferencesService).self]!
        familyCodes = services[(any FamilyCodeService).self]!
        circles = services[(any CirclesService).self]!
        outbox = services[OutboxSender.self]
    }
}

/// The typed services of `kith-server`'s features, for the tests that call them beside the routes.
extension ServerServices {
    var preferences: any PreferencesService { services[(any PreferencesService).self]! }
    var familyCodes: any FamilyCodeService { services[(any FamilyCodeService).self]! }
    var circles: any CirclesService { services[(any CirclesService).self]! }
    var exitPins: (any ExitPinService)? { services[(any ExitPinService).self] }
    var tokens: any TokenService { services[(any TokenService).self]! }
}
