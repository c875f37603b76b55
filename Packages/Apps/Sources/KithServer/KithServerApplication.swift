import Hummingbird
import HummingbirdCore
import KithComposition
import Logging

/// Builds the HTTP application: the router with its middleware and every feature's routes, over `services`.
public enum KithServerApplication {
    /// Where to listen.
    public struct Configuration: Sendable {
        public var host: String
        public var port: Int
        /// Most bearer tokens whose principal is kept (`BearerPrincipals`); 0 looks every token up.
        public var tokenCacheSize: Int
        /// The proxies whose `X-Forwarded-For` names the client.
        public var trustedProxies: TrustedProxies
        /// Fails `/health/ready` once the server is told to stop.
        public var readiness: Readiness
        /// What `/metrics` shows; nil makes the router's own (the outbox's sender counts into the one given).
        public var metrics: ServerMetrics?

        /// Loopback, port 8080, unless told otherwise.
        public init(
            host: String = "127.0.0.1", port: Int = 8080, tokenCacheSize: Int = BearerPrincipals.defaultCapacity,
            trustedProxies: TrustedProxies = TrustedProxies(), readiness: Readiness = Readiness(),
            metrics: ServerMetrics? = nil
        ) {
            self.metrics = metrics
            self.host = host
            self.port = port
            self.tokenCacheSize = tokenCacheSize
            self.trustedProxies = trustedProxies
            self.readiness = readiness
        }
    }

    /// The router: public routes (`/health`, `/metrics`, `/openapi.json`, sign-up, sign-in), then `/api/...` behind
    /// `AuthMiddleware`. Middleware is added first so it wraps every route and the 404 of unknown ones.
    ///
    /// `openAPI` is the document `/openapi.json` serves (`OpenAPIDocument.assemble`); by default the one of the
    /// services' features. Features whose routes clash are refused, naming both. The health checks keep time by
    /// `healthClock` (the system's; a test moves one of its own on rather than waiting).
    public static func router(
        services: ServerServices, tokenCacheSize: Int = BearerPrincipals.defaultCapacity,
        trustedProxies: TrustedProxies = TrustedProxies(), readiness: Readiness = Readiness(),
        metrics: ServerMetrics? = nil, openAPI: [UInt8]? = nil,
        healthClock: any Clock<Duration> = ContinuousClock()
    ) throws -> Router<KithRequestContext> {
        let openAPI = try openAPI ?? Array(OpenAPIDocument.assemble(services.features))
        let router = Router(context: KithRequestContext.self)
        let routeMethods = RouteMethods()
        let metrics = metrics ?? ServerMetrics(databaseStatistics: services.databaseStatistics)
        router.add(middleware: RequestIdMiddleware())
        // Without trusted proxies the peer is the client (`clientAddressKey`): nothing to find on every request.
        if !trustedProxies.ranges.isEmpty { router.add(middleware: ClientAddressMiddleware(proxies: trustedProxies)) }
        router.add(middleware: RequestLogMiddleware(metrics: metrics))
        router.add(middleware: NoStoreMiddleware())
        // Outside ErrorMiddleware: a refusal after a commit still carries the commit's position.
        router.add(middleware: ReadAfterMiddleware())
        router.add(middleware: ErrorMiddleware(routes: routeMethods))
        router.add(middleware: BodyLimitMiddleware())
        router.add(middleware: SessionLabelMiddleware())

        HealthRoutes.add(
            to: router, databaseAnswers: services.databaseAnswers, migrationStatus: services.migrationStatus,
            readiness: readiness, clock: healthClock)
        MetricsRoutes.add(to: router, metrics: metrics)
        OpenAPIRoutes.add(to: router, document: openAPI)

        let principals = BearerPrincipals(identity: services.identity, capacity: tokenCacheSize)
        let api = router.group("api").add(
            middleware: AuthMiddleware(identity: services.identity, principals: principals))
        let context = RouteContext(
            services: services.services, router: router, api: api, identityProviders: services.identityProviders)
        try refuseClashingRoutes(services: services, serverRoutes: Set(router.routes.map(\.description)))
        for feature in services.features { try feature.routes?(context) }
        routeMethods.load(from: router)
        return router
    }

    /// Refuses features that add the same route (method and path) as the server or one another, naming both: the
    /// router would keep the later one silently. Each feature's routes are first added to a router of its own.
    private static func refuseClashingRoutes(services: ServerServices, serverRoutes: Set<String>) throws {
        var owners = Dictionary(uniqueKeysWithValues: serverRoutes.map { ($0, "the server") })
        for feature in services.features {
            guard let routes = feature.routes else { continue }
            let scratch = Router(context: KithRequestContext.self)
            try routes(
                RouteContext(
                    services: services.services, router: scratch, api: scratch.group("api"),
                    identityProviders: services.identityProviders))
            for route in scratch.routes.map(\.description) {
                if let owner = owners[route] {
                    throw CompositionError("\(owner) and \(feature.name) both add the route \(route)")
                }
                owners[route] = feature.name
            }
        }
    }

    /// The application listening on `configuration`'s host and port.
    public static func application(
        services: ServerServices, configuration: Configuration = Configuration(),
        logger: Logger = Logger(label: "kith-server"), openAPI: [UInt8]? = nil
    ) throws -> some ApplicationProtocol {
        Application(
            router: try router(
                services: services, tokenCacheSize: configuration.tokenCacheSize,
                trustedProxies: configuration.trustedProxies, readiness: configuration.readiness,
                metrics: configuration.metrics, openAPI: openAPI),
            server: httpServer,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "kith"),
            logger: logger)
    }

    /// HTTP/1.1, with a request NIO's parser refuses answered in Kith's JSON error shape.
    public static var httpServer: HTTPServerBuilder {
        .http1(configuration: .init(additionalChannelHandlers: [MalformedRequestHandler()]))
    }
}
