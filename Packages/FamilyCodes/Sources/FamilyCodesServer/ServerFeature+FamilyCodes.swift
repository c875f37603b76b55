import FamilyCodes
import FamilyCodesFeature
import FamilyCodesWire
import Foundation
import Hummingbird
import Identity
import KithComposition
import KithServer

extension ServerFeature {
    /// Family codes, joins and roles.
    public static let familyCodes = ServerFeature(
        .familyCodes,
        routes: { context in
            FamilyCodesRoutes(
                familyCodes: try context.services.require((any FamilyCodeService).self, by: "familyCodes"),
                identity: try context.services.require((any IdentityService).self, by: "familyCodes")
            ).add(to: context.api)
        },
        openAPI: OpenAPIPart(contentsOf: Bundle.module.url(forResource: "openapi", withExtension: "json")))
}
