import Hummingbird

/// `GET /health`: public, touches nothing, for load balancers and the benchmarks' baseline.
enum HealthRoutes {
    struct Health: Encodable, Sendable {
        let status: String
    }

    static func add(to router: Router<KithRequestContext>) {
        router.get("/health") { _, _ in try JSONCoding.response(Health(status: "ok")) }
    }
}
