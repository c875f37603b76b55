import Accounts
import Argon2
import Households
import Identity
import IdentitySQL
import IdentityWire
import Mail
import Storage

// The two features the apps build on, made as any product's are: Identity (accounts and sessions: every other
// feature's rows hang off them, and the apps sign in with them) and ProfileSession (acting as a member, which every
// app's requests carry). Every other feature gives its value from its own package (`PreferencesFeature`...). An
// app's list puts Identity first; a feature comes after those whose tables or services it uses.

extension Feature {
    /// Accounts, sessions, mail, households and managed members, this device's sign-ins, two-step and passkeys.
    ///
    /// Provides `LocalIdentityService` as itself, `any IdentityService`, `any ExitPinService` and `any ApprovalService`,
    /// and the `OutboxSender` that sends what it queues when mail is set up.
    public static let identity = Feature(
        name: "identity", migrations: IdentityMigrations.all, events: IdentityEvents.all,
        local: { context, services in
            let options = context.options
            let store = SQLStore(identityOn: context.database)
            let identity = LocalIdentityService(
                store: store,
                options: IdentityOptions(
                    clock: options.clock, random: options.random,
                    hasher: options.hasher ?? Argon2PasswordHasher(parameters: .owasp, random: options.random),
                    verifiers: options.verifiers,
                    // A claim moves every feature's rows about the member in the same transaction as the new account.
                    carryOver: SQLMemberCarryOver(database: context.database, shares: context.accountData),
                    device: options.device, mail: options.mail?.settings,
                    requireVerifiedEmail: options.requireVerifiedEmail, sessionLabel: options.sessionLabel,
                    accountData: SQLStore(accountDataOn: context.database, shares: context.accountData),
                    sealingKey: options.sealingKey, passkeys: options.passkeys, passkeyLog: options.passkeyLog))
            services.provide(identity, as: LocalIdentityService.self)
            services.provide(identity, as: (any IdentityService).self)
            services.provide(identity, as: (any ExitPinService).self)
            services.provide(identity, as: (any ApprovalService).self)
            if let mail = options.mail {
                services.provide(
                    OutboxSender(store: store, mailer: mail.mailer, clock: options.clock, schedule: mail.schedule),
                    as: OutboxSender.self)
            }
        })

    /// Acting as a managed member: no tables and no services of its own (the apps keep who is acted as).
    public static let profileSession = Feature(name: "profileSession")

}
