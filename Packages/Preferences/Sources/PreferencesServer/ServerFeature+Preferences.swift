import Foundation
import Hummingbird
import KithComposition
import KithServer
import Preferences
import PreferencesFeature
import PreferencesWire

extension ServerFeature {
    /// Theme and font size of the caller or the member acted as.
    public static let preferences = ServerFeature(
        .preferences,
        routes: { context in
            PreferencesRoutes(
                preferences: try context.services.require((any PreferencesService).self, by: "preferences")
            ).add(to: context.api)
        },
        openAPI: OpenAPIPart(contentsOf: Bundle.module.url(forResource: "openapi", withExtension: "json")))
}
