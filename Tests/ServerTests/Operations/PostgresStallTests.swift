import Argon2
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Kernel
import KithComposition
import KithServer
import KithServerProducts
import PostgresStorage
import PostgresStorageTesting
import StorageTesting
import Testing

/// kith-server on a PostgreSQL database that stops answering (SIGSTOP on the postmaster and its backends, as a hung
/// machine), drops its connections (pg_terminate_backend), cancels a statement or refuses writes: 503 with
/// Retry-After within seconds, never a 500, never a wait as long as the fault; no 503 at all when the statement can
/// safely run again on a new connection; and `/health` never waits in line for the pool.
@Suite("kith-server while its PostgreSQL database stalls, drops connections or refuses")
struct PostgresStallTests {
    /// The services over `url`, with cheap password hashing.
    static func services(
        url: String, poolSize: Int = 2, timeouts: PostgresDatabase.Timeouts = PostgresDatabase.Timeouts()
    ) async throws -> ServerServices {
        let random = SystemRandomSource()
        return try await ServerServices.postgres(
            features: ServerApp.kithFeatures, url: url, poolSize: poolSize, timeouts: timeouts,
            options: CompositionOptions(
                random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random)))
    }

    /// The application over `services`, whose health checks keep time by `clock`.
    static func application(
        _ services: ServerServices, clock: SkippingClock = SkippingClock()
    ) throws -> some ApplicationProtocol {
        Application(
            router: try KithServerApplication.router(services: services, healthClock: clock),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    @Test func aPausedDatabaseIs503WithinSecondsAndServiceResumesByItself() async throws {
        let cluster = try await TestPostgres.privateCluster()
        defer { cluster.stop() }
        let services = try await Self.services(url: cluster.url)
        try await Self.application(services).test(.router) { client in
            let account = try await client.signUp("dana@example.com")
            #expect(try await client.send(.get, "/health").status == .ok)

            try cluster.pause()
            // Runs before `stop()`: a stopped cluster never stops.
            defer { cluster.resume() }
            // /health's last answer stands while it asks again, and a question that times out a moment after an
            // answer is slow, not down: 503 within two of its 5 s deadlines, and no call to /health waits meanwhile.
            let paused = ContinuousClock.now
            var health = try await client.send(.get, "/health")
            try await eventually(timeout: .seconds(40), every: .milliseconds(100), "/health is 503 while paused") {
                guard health.status == .ok else { return true }
                let asked = ContinuousClock.now
                health = try await client.send(.get, "/health")
                // Never the 5 s question itself. A machine busy with every other suite has held a call that did not
                // wait for the database 4.8 s before answering, so the bound is the question's own deadline.
                #expect(ContinuousClock.now - asked < .seconds(5))
                return health.status != .ok
            }
            #expect(health.status == .serviceUnavailable)
            #expect(health.headers[.retryAfter] == "1")
            #expect(ContinuousClock.now - paused < .seconds(40))

            // More requests at once than the pool has connections: each is 503 with Retry-After within seconds.
            let answers = try await withThrowingTaskGroup(of: (HTTPResponse.Status, String?, Duration).self) { group in
                for index in 0..<5 {
                    group.addTask {
                        let started = ContinuousClock.now
                        let response =
                            index.isMultiple(of: 2)
                            ? try await client.send(.get, "/api/me", token: account.token)
                            : try await client.send(
                                .post, "/api/auth/signin",
                                body: #"{"email":"dana@example.com","password":"correct horse"}"#)
                        return (response.status, response.headers[.retryAfter], ContinuousClock.now - started)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for (status, retryAfter, elapsed) in answers {
                #expect(status == .serviceUnavailable)
                #expect(retryAfter == "1")
                // Deadlines, not the pause (which lasts until resumed below), with room for a busy machine.
                #expect(elapsed < .seconds(30), "\(elapsed)")
            }
            // A server started now says so within seconds, rather than waiting for the database.
            let started = ContinuousClock.now
            await #expect(throws: (any Error).self) { _ = try await Self.services(url: cluster.url) }
            #expect(ContinuousClock.now - started < .seconds(20))

            cluster.resume()
            let back = ContinuousClock.now
            try await eventually(timeout: .seconds(20), every: .milliseconds(100), "served again after the return") {
                try await client.send(.get, "/api/me", token: account.token).status == .ok
            }
            try await eventually(
                timeout: .seconds(30) - (ContinuousClock.now - back), every: .milliseconds(100),
                "/health ok within 30 s of the database's return"
            ) { try await client.send(.get, "/health").status == .ok }
        }
    }

    /// After pg_terminate_backend on every connection of the server's pool, no request fails: each dead connection
    /// is replaced and the call runs again, since nothing of it had committed.
    @Test func terminatedConnectionsCostNoRequest() async throws {
        let name = "kith_server_terminated_" + UUID().uuidString.prefix(8).lowercased()
        let url = try await TestPostgres.freshSchemaURL() + "&application_name=\(name)"
        let services = try await Self.services(url: url, poolSize: 3)
        let admin = try await PostgresDatabase.open(url: try TestPostgres.clusterURL(), features: [], size: 1)
        try await Self.application(services).test(.router) { client in
            let account = try await client.signUp("dana@example.com")
            // Requests at once, so that every connection of the pool is open.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<6 {
                    group.addTask { _ = try await client.send(.get, "/api/me", token: account.token) }
                }
                try await group.waitForAll()
            }
            let terminated = try await admin.write {
                try $0.first(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1", [name]
                )?.int(0)
            }
            #expect((terminated ?? 0) >= 1)
            // Not a failure when they linger: the requests below still meet dead connections.
            _ = try await poll(timeout: .seconds(5)) {
                try await admin.read {
                    try $0.first("SELECT count(*) FROM pg_stat_activity WHERE application_name = $1", [name])?.int(0)
                } == 0
            }
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for index in 0..<6 {
                    group.addTask {
                        index.isMultiple(of: 2)
                            ? try await client.send(.get, "/api/me", token: account.token).status
                            : try await client.send(
                                .post, "/api/auth/signin",
                                body: #"{"email":"dana@example.com","password":"correct horse"}"#
                            ).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == .ok }, "\(statuses)")
        }
    }

    /// Holds `identity_sessions` locked, on a connection of `admin`'s, for `seconds`: every request's session check
    /// waits meanwhile.
    static func lockSessions(_ admin: PostgresDatabase, seconds: Int) -> Task<Void, any Error> {
        Task {
            try await admin.write { connection in
                try connection.execute("LOCK TABLE identity_sessions IN ACCESS EXCLUSIVE MODE")
                try connection.execute("SELECT pg_sleep(\(seconds))")
            }
        }
    }

    /// Returns once `lockSessions`' lock is held (granted), so that what runs next meets it.
    static func waitForTheSessionsLock(_ admin: PostgresDatabase) async throws {
        let locked = """
            SELECT count(*) FROM pg_locks
            WHERE granted AND mode = 'AccessExclusiveLock' AND relation = 'identity_sessions'::regclass
            """
        try await eventually(timeout: .seconds(10), "identity_sessions locked") {
            try await admin.read { try $0.first(locked)?.int(0) } == 1
        }
    }

    /// A statement cancelled by the database (pg_cancel_backend here; statement_timeout alike, SQLSTATE 57014) is
    /// 503 with Retry-After, not 500.
    @Test func aCancelledStatementIs503() async throws {
        let url = try await TestPostgres.freshSchemaURL()
        let services = try await Self.services(url: url)
        let admin = try await PostgresDatabase.open(url: url, features: KithServices.migrations, size: 2)
        try await Self.application(services).test(.router) { client in
            let account = try await client.signUp("dana@example.com")
            // Sessions locked for a moment: the request's statement waits for the lock, and is cancelled meanwhile.
            let locker = Self.lockSessions(admin, seconds: 2)
            defer { locker.cancel() }
            try await Self.waitForTheSessionsLock(admin)
            let request = Task { try await client.send(.get, "/api/me", token: account.token) }
            var cancelled = 0
            try await eventually(timeout: .seconds(2), every: .milliseconds(50), "the waiting statement cancelled") {
                cancelled =
                    try await admin.read {
                        try $0.first(
                            """
                            SELECT count(pg_cancel_backend(pid)) FROM pg_locks
                            WHERE NOT granted AND relation = 'identity_sessions'::regclass
                            """)?.int(0)
                    } ?? 0
                return cancelled != 0
            }
            #expect(cancelled == 1)
            let response = try await request.value
            #expect(response.status == .serviceUnavailable, "\(response.text)")
            #expect(response.headers[.retryAfter] == "1")
            _ = try await locker.value
        }
    }

    /// A database that refuses writes (SQLSTATE 25006: a standby after a failover, default_transaction_read_only):
    /// a write is 503 with Retry-After, not 500, and a server still starts on it when its schema is current.
    @Test func aReadOnlyDatabaseIs503ForWrites() async throws {
        let url = try await TestPostgres.freshSchemaURL()
        let writable = try await Self.services(url: url)
        try await Self.application(writable).test(.router) { client in
            _ = try await client.signUp("dana@example.com")
        }
        let readOnly = try await Self.services(url: url + "%20-cdefault_transaction_read_only%3Don")
        try await Self.application(readOnly).test(.router) { client in
            let signIn = try await client.send(
                .post, "/api/auth/signin", body: #"{"email":"dana@example.com","password":"correct horse"}"#)
            #expect(signIn.status == .serviceUnavailable, "\(signIn.text)")
            #expect(signIn.headers[.retryAfter] == "1")
            let signUp = try await client.send(
                .post, "/api/auth/signup",
                body:
                    #"{"email":"eve@example.com","firstName":"Eve","lastName":"Li","password":"correct horse","role":"member"}"#
            )
            #expect(signUp.status == .serviceUnavailable, "\(signUp.text)")
            #expect(try await client.send(.get, "/health").status == .ok)
        }
    }

    /// `/health` asks on a connection of its own: with every pooled connection held by requests waiting on a lock,
    /// it still answers at once (the database answers; the server is only busy).
    @Test func healthDoesNotWaitForThePool() async throws {
        let url = try await TestPostgres.freshSchemaURL()
        // Generous deadlines and a long lock: the window in which the pool is held must outlast a loaded machine.
        let services = try await Self.services(url: url, poolSize: 2, timeouts: TestPostgres.generousTimeouts)
        let admin = try await PostgresDatabase.open(
            url: url, features: KithServices.migrations, size: 2, timeouts: TestPostgres.generousTimeouts)
        let clock = SkippingClock()
        try await Self.application(services, clock: clock).test(.router) { client in
            let account = try await client.signUp("dana@example.com")
            let locker = Self.lockSessions(admin, seconds: 8)
            try await Self.waitForTheSessionsLock(admin)
            let held = (0..<2).map { _ in
                Task { try await client.send(.get, "/api/me", token: account.token).status }
            }
            // Both pooled connections wait on the lock.
            var waiting = 0
            try await eventually(timeout: .seconds(6), "both pooled connections waiting on the lock") {
                waiting =
                    try await admin.read {
                        try $0.first(
                            "SELECT count(*) FROM pg_locks WHERE NOT granted AND relation = 'identity_sessions'::regclass"
                        )?.int(0)
                    } ?? 0
                return waiting >= 2
            }
            #expect(waiting == 2)
            clock.skip(.milliseconds(1100))  // past the last answer's second
            let started = ContinuousClock.now
            #expect(try await client.send(.get, "/health").status == .ok)
            let elapsed = ContinuousClock.now - started
            let stillHeld = try await admin.read {
                try $0.first(
                    "SELECT count(*) FROM pg_locks WHERE NOT granted AND relation = 'identity_sessions'::regclass")?
                    .int(0)
            }
            // Answered while the pool was still taken, not after.
            #expect(stillHeld == 2, "the lock was released before /health answered (\(elapsed))")
            for request in held { #expect(try await request.value == .ok) }
            _ = try await locker.value
        }
    }
}
