import FamilyCodes
import FamilyCodesSQL
import IdentitySQL
import KithComposition

extension Feature {
    /// Family codes, joins and roles. Provides `any FamilyCodeService`.
    public static let familyCodes = Feature(
        name: "familyCodes", migrations: FamilyCodesMigrations.all, accountData: .familyCodes,
        events: FamilyCodesEvents.all,
        local: { context, services in
            services.provide(
                LocalFamilyCodeService(
                    store: SQLStore(familyCodesOn: context.database), clock: context.options.clock,
                    random: context.options.random),
                as: (any FamilyCodeService).self)
        })
}
