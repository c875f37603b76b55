import Circles
import CirclesSQL
import CirclesWire
import IdentitySQL
import IdentityWire
import KithComposition

extension Feature {
    /// Contacts, circles, the access matrix, requests, shadows and personas. Provides `any CirclesService`,
    /// `any PersonaSource` for the persona Identity's `whoami` and `/api/me` show, and its `AccessEngine`, so a
    /// feature answering access questions (Tokens' access checks) shares the one cache `look` keeps.
    public static let circles = Feature(
        name: "circles", migrations: CirclesMigrations.all, accountData: .circles, events: CirclesEvents.all,
        local: { context, services in
            let options = context.options
            let circles = LocalCirclesService(
                store: SQLStore(circlesOn: context.database), clock: options.clock, random: options.random,
                engine: AccessEngine(capacity: options.accessCacheOwners ?? AccessEngine.defaultCapacity),
                device: options.device)
            services.provide(circles, as: (any CirclesService).self)
            services.provide(CirclesPersonas(service: circles), as: (any PersonaSource).self)
            services.provide(circles.engine, as: AccessEngine.self)
        })
}
