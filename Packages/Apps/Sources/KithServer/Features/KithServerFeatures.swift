import Foundation
import Households
import Identity
import IdentityWire
import KithComposition

// Kith's own features as a server composes them, made exactly as an outside product's are: each brings its routes
// and its part of openapi.json (`Resources/openapi/NAME.json`).

extension ServerFeature {
    /// Sign-up and sign-in (public), `/api/me` and its edits, households, managed members, their exit PINs, approvals,
    /// maturity ratings and age ranges; in the background, approval requests expire on time.
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
            if let approvals = context.services[(any ApprovalService).self] {
                ApprovalRoutes(approvals: approvals).add(to: context.api)
            }
        },
        openAPI: OpenAPIPart(
            contentsOf: Bundle.module.url(forResource: "identity", withExtension: "json", subdirectory: "openapi")),
        background: { context in
            guard let approvals = context.services[(any ApprovalService).self] else { return [] }
            return [ApprovalExpiryService(approvals: approvals, logger: context.logger)]
        })

    /// Whom the caller may act as, and what was done while acting.
    public static let profileSession = ServerFeature(
        .profileSession,
        routes: { context in
            ProfileSessionRoutes(
                identity: try context.services.require((any IdentityService).self, by: "profileSession")
            ).add(to: context.api)
        },
        openAPI: OpenAPIPart(
            contentsOf: Bundle.module.url(forResource: "profileSession", withExtension: "json", subdirectory: "openapi")
        ))
}
