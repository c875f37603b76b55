import Circles
import CirclesFeature
import CirclesWire
import Foundation
import Hummingbird
import KithComposition
import KithServer

extension ServerFeature {
    /// Contacts, circles, the access matrix, requests and grants, shadows, personas and profiles.
    public static let circles = ServerFeature(
        .circles,
        routes: { context in
            CirclesRoutes(circles: try context.services.require((any CirclesService).self, by: "circles"))
                .add(to: context.api)
        },
        openAPI: OpenAPIPart(contentsOf: Bundle.module.url(forResource: "openapi", withExtension: "json")))
}
