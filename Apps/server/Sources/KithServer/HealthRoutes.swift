import Foundation
import Hummingbird
import Synchronization

/// `GET /health`, public, for load balancers and the benchmarks' baseline: 200 `{"status":"ok","database":"ok"}`
/// while the database answers, else 503 with both `unavailable`. The database is asked at most once a second, so
/// the route stays as cheap as a route can be.
enum HealthRoutes {
    struct Health: Encodable, Sendable {
        let status: String
        let database: String
    }

    /// The last answer and when it was asked.
    final class DatabaseCheck: Sendable {
        let ask: @Sendable () async -> Bool
        let last = Mutex<(at: ContinuousClock.Instant, answers: Bool)?>(nil)

        init(ask: @escaping @Sendable () async -> Bool) { self.ask = ask }

        func answers() async -> Bool {
            let now = ContinuousClock.now
            if let last = last.withLock({ $0 }), now - last.at < .seconds(1) { return last.answers }
            let answers = await ask()
            last.withLock { $0 = (now, answers) }
            return answers
        }
    }

    static func add(to router: Router<KithRequestContext>, databaseAnswers: @escaping @Sendable () async -> Bool) {
        let check = DatabaseCheck(ask: databaseAnswers)
        router.get("/health") { _, _ in
            guard await check.answers() else {
                var response = try JSONCoding.response(
                    Health(status: "unavailable", database: "unavailable"), status: .serviceUnavailable)
                response.headers[.retryAfter] = "1"
                return response
            }
            return try JSONCoding.response(Health(status: "ok", database: "ok"))
        }
    }
}
