import Argon2
import Circles
import CirclesSQL
import CirclesWire
import FamilyCodes
import FamilyCodesSQL
import Identity
import IdentitySQL
import IdentityWire
import Preferences
import PreferencesSQL
import Storage

// Kith's own features, made as any product's are: each value names its schema, its share in an account's data and
// the rules it runs. The apps' lists put Identity first (every other feature builds on its accounts and tables),
// Preferences after it (its trigger watches Identity's members), FamilyCodes and Circles after that.

extension Feature {
    /// Accounts, sessions, mail, households and managed members, this device's sign-ins, two-step and passkeys.
    ///
    /// Provides `LocalIdentityService` as itself, `any IdentityService` and `any ExitPinService`, and the
    /// `OutboxSender` that sends what it queues when mail is set up.
    public static let identity = Feature(
        name: "identity", migrations: IdentityMigrations.all,
        local: { context, services in
            let options = context.options
            let store = SQLStore(identityOn: context.database)
            let identity = LocalIdentityService(
                store: store, clock: options.clock, random: options.random,
                hasher: options.hasher ?? Argon2PasswordHasher(parameters: .owasp, random: options.random),
                verifiers: options.verifiers,
                // A claim moves every feature's rows about the member in the same transaction as the new account.
                carryOver: SQLMemberCarryOver(database: context.database, shares: context.accountData),
                device: options.device, mail: options.mail?.settings,
                requireVerifiedEmail: options.requireVerifiedEmail, sessionLabel: options.sessionLabel,
                accountData: SQLStore(accountDataOn: context.database, shares: context.accountData),
                sealingKey: options.sealingKey, passkeys: options.passkeys, passkeyLog: options.passkeyLog)
            services.provide(identity, as: LocalIdentityService.self)
            services.provide(identity, as: (any IdentityService).self)
            services.provide(identity, as: (any ExitPinService).self)
            if let mail = options.mail {
                services.provide(
                    OutboxSender(store: store, mailer: mail.mailer, clock: options.clock, schedule: mail.schedule),
                    as: OutboxSender.self)
            }
        })

    /// Acting as a managed member: no tables and no services of its own (the apps keep who is acted as).
    public static let profileSession = Feature(name: "profileSession")

    /// Theme and font size per member. Provides `any PreferencesService`.
    public static let preferences = Feature(
        name: "preferences", migrations: PreferencesMigrations.all, accountData: .preferences,
        local: { context, services in
            services.provide(
                LocalPreferencesService(
                    store: SQLStore(preferencesOn: context.database), clock: context.options.clock,
                    random: context.options.random),
                as: (any PreferencesService).self)
        })

    /// Family codes, joins and roles. Provides `any FamilyCodeService`.
    public static let familyCodes = Feature(
        name: "familyCodes", migrations: FamilyCodesMigrations.all, accountData: .familyCodes,
        local: { context, services in
            services.provide(
                LocalFamilyCodeService(
                    store: SQLStore(familyCodesOn: context.database), clock: context.options.clock,
                    random: context.options.random),
                as: (any FamilyCodeService).self)
        })

    /// Contacts, circles, the access matrix, requests, shadows and personas. Provides `any CirclesService`, and
    /// `any PersonaSource` for the persona Identity's `whoami` and `/api/me` show.
    public static let circles = Feature(
        name: "circles", migrations: CirclesMigrations.all, accountData: .circles,
        local: { context, services in
            let options = context.options
            let circles = LocalCirclesService(
                store: SQLStore(circlesOn: context.database), clock: options.clock, random: options.random,
                engine: AccessEngine(capacity: options.accessCacheOwners ?? AccessEngine.defaultCapacity),
                device: options.device)
            services.provide(circles, as: (any CirclesService).self)
            services.provide(CirclesPersonas(service: circles), as: (any PersonaSource).self)
        })
}
