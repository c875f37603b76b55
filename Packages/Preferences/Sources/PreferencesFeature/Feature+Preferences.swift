import IdentitySQL
import KithComposition
import Preferences
import PreferencesSQL

extension Feature {
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
}
