import Circles
import FamilyCodes
import Foundation
import Identity
import IdentityWire
import KithComposition
import Preferences

// Kith's own features as a server composes them, made exactly as an outside product's are: each brings its routes
// and its part of openapi.json (`Resources/openapi/NAME.json`).

extension ServerFeature {
    /// Sign-up and sign-in (public), `/api/me` and its edits, households, managed members and their exit PINs.
    public static let identity = ServerFeature(
        .identity,
        routes: { context in
            let identity = try context.services.require((any IdentityService).self, by: "identity")
            let routes = IdentityRoutes(
                identity: identity, personas: context.services[(any PersonaSource).self],
                providers: context.identityProviders)
            routes.addPublic(to: context.router)
            routes.add(to: context.api)
            HouseholdRoutes(identity: identity).add(to: context.api)
            if let pins = context.services[(any ExitPinService).self] { ExitPinRoutes(pins: pins).add(to: context.api) }
        },
        openAPI: OpenAPIPart(json: OpenAPIRoutes.resource("identity") ?? Data()))

    /// Whom the caller may act as, and what was done while acting.
    public static let profileSession = ServerFeature(
        .profileSession,
        routes: { context in
            ProfileSessionRoutes(
                identity: try context.services.require((any IdentityService).self, by: "profileSession")
            ).add(to: context.api)
        },
        openAPI: OpenAPIPart(json: OpenAPIRoutes.resource("profileSession") ?? Data()))

    /// Theme and font size of the caller or the member acted as.
    public static let preferences = ServerFeature(
        .preferences,
        routes: { context in
            PreferencesRoutes(
                preferences: try context.services.require((any PreferencesService).self, by: "preferences")
            ).add(to: context.api)
        },
        openAPI: OpenAPIPart(json: OpenAPIRoutes.resource("preferences") ?? Data()))

    /// Family codes, joins and roles.
    public static let familyCodes = ServerFeature(
        .familyCodes,
        routes: { context in
            FamilyCodesRoutes(
                familyCodes: try context.services.require((any FamilyCodeService).self, by: "familyCodes"),
                identity: try context.services.require((any IdentityService).self, by: "familyCodes")
            ).add(to: context.api)
        },
        openAPI: OpenAPIPart(json: OpenAPIRoutes.resource("familyCodes") ?? Data()))

    /// Contacts, circles, the access matrix, requests and grants, shadows, personas and profiles.
    public static let circles = ServerFeature(
        .circles,
        routes: { context in
            CirclesRoutes(circles: try context.services.require((any CirclesService).self, by: "circles"))
                .add(to: context.api)
        },
        openAPI: OpenAPIPart(json: OpenAPIRoutes.resource("circles") ?? Data()))
}
