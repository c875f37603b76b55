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

    /// The last answer and when it was asked, and the one question in flight.
    ///
    /// One check at a time: the caller that finds the answer more than a second old asks, and waits for the answer
    /// (at most `patience`: a database that does not answer by then does not answer). Callers that come while it is
    /// asked are given the previous answer, if it is recent, rather than each asking again and waiting too: under
    /// load, a second's worth of callers would otherwise all wait on the database at once.
    final class DatabaseCheck: Sendable {
        let ask: @Sendable () async -> Bool
        let patience: Duration
        private let state = Mutex<State>(State())

        private struct State {
            var last: (at: ContinuousClock.Instant, answers: Bool)?
            var asking: Task<Bool, Never>?
        }

        init(patience: Duration = .seconds(2), ask: @escaping @Sendable () async -> Bool) {
            self.ask = ask
            self.patience = patience
        }

        func answers() async -> Bool {
            let now = ContinuousClock.now
            enum Next {
                case answer(Bool)
                case wait(Task<Bool, Never>)
            }
            let next = state.withLock { state -> Next in
                if let last = state.last, now - last.at < .seconds(1) { return .answer(last.answers) }
                if let asking = state.asking {
                    // Another caller is asking: the answer of a moment ago stands until that one comes.
                    if let last = state.last, now - last.at < .seconds(1) + patience { return .answer(last.answers) }
                    return .wait(asking)
                }
                let asking = Task {
                    let answers = await self.ask()
                    self.state.withLock {
                        $0.last = (ContinuousClock.now, answers)
                        $0.asking = nil
                    }
                    return answers
                }
                state.asking = asking
                return .wait(asking)
            }
            switch next {
            case .answer(let answers): return answers
            case .wait(let asking): return await Self.value(of: asking, within: patience)
            }
        }

        /// `task`'s value, or false when it takes longer than `limit` (the task goes on, for the next caller). Not a
        /// task group: a group waits for all its children, and awaiting a task's value ignores cancellation.
        private static func value(of task: Task<Bool, Never>, within limit: Duration) async -> Bool {
            let waiter = Waiter()
            return await withCheckedContinuation { continuation in
                waiter.continuation.withLock { $0 = continuation }
                Task { waiter.resume(returning: await task.value) }
                Task {
                    try? await Task.sleep(for: limit)
                    waiter.resume(returning: false)
                }
            }
        }

        /// A continuation resumed once, by whichever comes first.
        private final class Waiter: Sendable {
            let continuation = Mutex<CheckedContinuation<Bool, Never>?>(nil)

            func resume(returning value: Bool) {
                continuation.withLock { $0.take() }?.resume(returning: value)
            }
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
