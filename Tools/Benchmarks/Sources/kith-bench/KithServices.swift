import Accounts
import Circles
import CirclesFeature
import FamilyCodes
import FamilyCodesFeature
import Identity
import Kernel
import KithComposition
import Preferences
import PreferencesFeature
import Storage

/// Kith's features over one database, each service typed, built by the composition the apps use.
struct KithServices: Sendable {
    static let features: [Feature] = [.identity, .profileSession, .preferences, .familyCodes, .circles]

    let identity: LocalIdentityService
    let preferences: any PreferencesService
    let familyCodes: any FamilyCodeService
    let circles: any CirclesService

    /// Every feature's migrations, in order.
    static var migrations: [FeatureMigrations] { features.compactMap(\.migrations) }

    init(
        database: any SQLDatabase, random: any RandomSource = SystemRandomSource(), hasher: (any PasswordHasher)? = nil
    )
        throws
    {
        let options = CompositionOptions(random: random, hasher: hasher)
        let services = try Composition(Self.features).local(database: database, options: options)
        identity = try services.require(LocalIdentityService.self, by: "kith-bench")
        preferences = try services.require((any PreferencesService).self, by: "kith-bench")
        familyCodes = try services.require((any FamilyCodeService).self, by: "kith-bench")
        circles = try services.require((any CirclesService).self, by: "kith-bench")
    }
}
