import Circles
import CirclesCommands
import CirclesFeature
import CirclesHTTP
import CirclesWire
import IdentityWire
import KithCLI
import KithComposition

extension CommandLineFeature {
    /// Contacts, circles and the access matrix, shadows and personas; `whoami` shows the active persona, and the REPL
    /// says at the end when access edits were neither saved nor discarded.
    public static let circles = CommandLineFeature(
        .circles,
        remote: { context, services in
            let circles = HTTPCirclesService(client: context.client, token: context.token)
            services.provide(circles, as: (any CirclesService).self)
            services.provide(CirclesPersonas(service: circles), as: (any PersonaSource).self)
        },
        plugin: { context in
            CirclesPlugin(
                service: try context.services.require((any CirclesService).self, by: "circles"),
                principals: context.session)
        },
        farewell: { context in
            guard let service = context.services[(any CirclesService).self] else { return nil }
            return await CirclesFarewell.note(service: service, principals: context.session)
        })
}
