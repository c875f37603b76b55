import Foundation
import Hummingbird
import Storage
import Synchronization

/// `GET /health`, public, for load balancers and the benchmarks' baseline: 200 `{"status":"ok","database":"ok"}`
/// while the database answers, else 503 with both `unavailable`. The database is asked at most once a second, so
/// the route stays as cheap as a route can be.
///
/// For orchestrators (CLI.md, Operations): `GET /health/live` is 200 while the process answers at all, whatever its
/// database does; `GET /health/ready` is 200 only while the database answers within a second, its migrations are
/// current and the server is not stopping, else 503 with Retry-After. A database migrated by a newer build is still
/// ready (a fleet in the middle of an upgrade), and says `"migrations":"newer"`.
enum HealthRoutes {
    struct Health: Encodable, Sendable {
        let status: String
        let database: String
    }

    struct Live: Encodable, Sendable {
        let status: String
    }

    struct Ready: Encodable, Sendable {
        /// `ready`, `stopping`, `unavailable` (the database) or `migrations_pending`.
        let status: String
        /// `ok` or `unavailable`.
        let database: String
        /// `current`, `pending`, `newer` (applied by a newer build), or `unknown` while the database does not answer.
        let migrations: String
    }

    /// The last answer and when it was asked, and the one question in flight.
    ///
    /// One check at a time: the caller that finds the answer more than a second old asks, and waits for the answer
    /// (at most `patience`: a database that does not answer by then does not answer), unless `trust` lets it have the
    /// last one. Callers that come while it is asked are given the previous answer, if it is recent, rather than each
    /// asking again and waiting too: under load, a second's worth of callers would otherwise all wait on the
    /// database at once.
    ///
    /// Its time is `clock`'s: a test advances a clock of its own rather than waiting for seconds to pass.
    final class DatabaseCheck<Answer: Sendable, Time: Clock<Duration>>: Sendable {
        let clock: Time
        let ask: @Sendable () async -> Answer
        let patience: Duration
        /// The answer when the database does not answer within `patience`.
        let silence: Answer
        private let state = Mutex<State>(State())

        private struct State {
            var last: (at: Time.Instant, answers: Answer)?
            var asking: Task<Answer, Never>?
        }

        private enum Next {
            case answer(Answer)
            case wait(Task<Answer, Never>)
        }

        /// With a value, an answer younger than this is given to every caller while a newer one is asked, the asker
        /// included: nobody waits for the database but the first caller (and callers once even the last answer is
        /// too old). A slow answer under load then costs no caller anything, and a database that stops answering is
        /// reported once its question says so (PostgreSQL: within two 5 s deadlines).
        let trust: Duration?

        init(
            clock: Time, patience: Duration = .seconds(2), trust: Duration? = nil, silence: Answer,
            ask: @escaping @Sendable () async -> Answer
        ) {
            self.clock = clock
            self.ask = ask
            self.patience = patience
            self.trust = trust
            self.silence = silence
        }

        /// Whether an answer has come (for tests).
        var hasAnswer: Bool { state.withLock { $0.last != nil } }

        func answers() async -> Answer {
            let now = clock.now
            let next = state.withLock { state -> Next in
                if let last = state.last, last.at.duration(to: now) < .seconds(1) { return .answer(last.answers) }
                if let asking = state.asking {
                    // Another caller is asking: the answer of a moment ago stands until that one comes.
                    if let last = state.last, last.at.duration(to: now) < (trust ?? .seconds(1) + patience) {
                        return .answer(last.answers)
                    }
                    return .wait(asking)
                }
                let asking = Task {
                    let answers = await self.ask()
                    self.state.withLock {
                        $0.last = (self.clock.now, answers)
                        $0.asking = nil
                    }
                    return answers
                }
                state.asking = asking
                if let trust, let last = state.last, last.at.duration(to: now) < trust { return .answer(last.answers) }
                return .wait(asking)
            }
            switch next {
            case .answer(let answers): return answers
            case .wait(let asking): return await value(of: asking, within: patience, else: silence)
            }
        }

        /// `task`'s value, or `silence` when it takes longer than `limit` (the task goes on, for the next caller).
        /// Not a task group: a group waits for all its children, and awaiting a task's value ignores cancellation.
        private func value(
            of task: Task<Answer, Never>, within limit: Duration, else silence: Answer
        ) async -> Answer {
            let waiter = Waiter()
            return await withCheckedContinuation { continuation in
                waiter.continuation.withLock { $0 = continuation }
                Task { waiter.resume(returning: await task.value) }
                Task {
                    try? await clock.sleep(for: limit)
                    waiter.resume(returning: silence)
                }
            }
        }

        /// A continuation resumed once, by whichever comes first.
        private final class Waiter: Sendable {
            let continuation = Mutex<CheckedContinuation<Answer, Never>?>(nil)

            func resume(returning value: Answer) {
                continuation.withLock { $0.take() }?.resume(returning: value)
            }
        }
    }

    /// The routes, whose checks keep time by `clock` (the system's monotonic clock; a test gives one it moves on).
    static func add<Time: Clock<Duration>>(
        to router: Router<KithRequestContext>, databaseAnswers: @escaping @Sendable () async -> Bool,
        migrationStatus: @escaping @Sendable () async -> MigrationStatus? = { MigrationStatus(known: [], applied: []) },
        readiness: Readiness = Readiness(), clock: Time
    ) {
        // A load balancer's question: a database slow for a moment under load is not down (the bench's /health p99
        // of a second was every caller waiting on the check), so the last answer stands while the next is asked, for
        // longer than the question may take (PostgresDatabase.answers(): 5 s to connect, 5 s to answer).
        let check = DatabaseCheck(clock: clock, trust: .seconds(20), silence: false, ask: databaseAnswers)
        // Its own question: the schema's status also proves the database answers, within a second.
        let schema = DatabaseCheck<MigrationStatus?, Time>(
            clock: clock, patience: .seconds(1), silence: nil, ask: migrationStatus)
        router.get("/health/live") { _, _ in try JSONCoding.response(Live(status: "ok")) }
        router.get("/health/ready") { _, _ in
            let ready = await Self.ready(readiness: readiness, schema: schema.answers)
            return try Self.response(ready, healthy: ready.status == "ready")
        }
        router.get("/health") { _, _ in
            let answers = await check.answers()
            let state = answers ? "ok" : "unavailable"
            return try Self.response(Health(status: state, database: state), healthy: answers)
        }
    }

    /// `body` with 200, or with 503 and `Retry-After: 1`.
    private static func response(_ body: some Encodable, healthy: Bool) throws -> Response {
        var response = try JSONCoding.response(body, status: healthy ? .ok : .serviceUnavailable)
        if !healthy { response.headers[.retryAfter] = "1" }
        return response
    }

    /// The readiness answer: stopping first (no database question while the server drains), then the schema.
    static func ready(readiness: Readiness, schema: () async -> MigrationStatus?) async -> Ready {
        if readiness.isStopping { return Ready(status: "stopping", database: "ok", migrations: "unknown") }
        guard let status = await schema() else {
            return Ready(status: "unavailable", database: "unavailable", migrations: "unknown")
        }
        guard status.isCurrent else {
            return Ready(status: "migrations_pending", database: "ok", migrations: "pending")
        }
        return Ready(status: "ready", database: "ok", migrations: status.unknown.isEmpty ? "current" : "newer")
    }
}
