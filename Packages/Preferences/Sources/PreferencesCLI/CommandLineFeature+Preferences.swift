import KithCLI
import KithComposition
import Preferences
import PreferencesCommands
import PreferencesFeature
import PreferencesHTTP

extension CommandLineFeature {
    /// Theme and font size; the REPL's colours follow the active member's theme.
    public static let preferences = CommandLineFeature(
        .preferences,
        remote: { context, services in
            services.provide(
                HTTPPreferencesService(client: context.client, token: context.token),
                as: (any PreferencesService).self)
        },
        plugin: { context in
            PreferencesPlugin(
                service: try context.services.require((any PreferencesService).self, by: "preferences"),
                principals: context.session)
        },
        palette: { context, environment in
            guard let service = context.services[(any PreferencesService).self] else { return .dark }
            return await PreferencesPalette.palette(
                service: service, principals: context.session, environment: environment)
        })
}
