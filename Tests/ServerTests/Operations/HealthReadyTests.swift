import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PostgresStorageTesting
import Storage
import StorageTesting
import Testing

@testable import KithServer

/// `/health/live` and `/health/ready` (CLI.md, Operations) beside `/health`, which stays as it was.
@Suite("Liveness and readiness")
struct HealthReadyTests {
    @Test func liveIsTheProcessReadyIsTheDatabaseTheSchemaAndNotStopping() async throws {
        let server = try TestServer()
        let readiness = Readiness()
        let app = Application(
            router: try KithServerApplication.router(services: server.services, readiness: readiness),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        defer { try? FileManager.default.removeItem(at: server.directory) }
        try await app.test(.router) { client in
            let live = try await client.send(.get, "/health/live")
            #expect(live.status == .ok && live.text == #"{"status":"ok"}"#)
            let ready = try await client.send(.get, "/health/ready")
            #expect(ready.status == .ok, "\(ready.text)")
            #expect(try ready.object()["migrations"] as? String == "current")
            readiness.beginStopping()
            let stopping = try await client.send(.get, "/health/ready")
            #expect(stopping.status == .serviceUnavailable && stopping.headers[.retryAfter] == "1")
            #expect(try stopping.object()["status"] as? String == "stopping")
            #expect(try await client.send(.get, "/health/live").status == .ok)
            #expect(try await client.send(.get, "/health").status == .ok)
        }
    }

    @Test func pendingMigrationsAreNotReadyAndANewerSchemaIs() async {
        let pending = await HealthRoutes.ready(readiness: Readiness()) {
            MigrationStatus(known: ["a.1-x", "a.2-y"], applied: ["a.1-x"])
        }
        #expect(pending.status == "migrations_pending" && pending.migrations == "pending")
        let newer = await HealthRoutes.ready(readiness: Readiness()) {
            MigrationStatus(known: ["a.1-x"], applied: ["a.1-x", "a.2-y"])
        }
        #expect(newer.status == "ready" && newer.migrations == "newer")
        let silent = await HealthRoutes.ready(readiness: Readiness()) { nil }
        #expect(silent.status == "unavailable" && silent.database == "unavailable")
    }

    @Test func withPostgreSQLStoppedLiveIsOkReadyFailsWithinASecondAndComesBack() async throws {
        let cluster = try await TestPostgres.privateCluster()
        defer { cluster.stop() }
        let services = try await PostgresStallTests.services(url: cluster.url)
        let clock = SkippingClock()
        try await PostgresStallTests.application(services, clock: clock).test(.router) { client in
            // Ready means answering within a second: on a machine busy with other suites it may take a few tries.
            var ready = try await client.send(.get, "/health/ready")
            try await eventually(timeout: .seconds(20), every: .milliseconds(200), "ready before the stop") {
                if ready.status != .ok { ready = try await client.send(.get, "/health/ready") }
                return ready.status == .ok
            }
            #expect(ready.status == .ok, "\(ready.text)")
            try await cluster.pgctl("stop", "-m", "immediate")
            clock.skip(.milliseconds(1100))  // past the last answer's second
            let asked = ContinuousClock.now
            ready = try await client.send(.get, "/health/ready")
            // The check's patience is 1 s; alone this answers in about 1 s, and a busy machine adds its delay.
            #expect(ContinuousClock.now - asked < .seconds(10))
            #expect(ready.status == .serviceUnavailable, "\(ready.text)")
            #expect(try ready.object()["database"] as? String == "unavailable")
            #expect(try await client.send(.get, "/health/live").status == .ok)
            #expect(try await client.send(.get, "/health").status == .serviceUnavailable)

            try await cluster.pgctl("start")
            try await eventually(timeout: .seconds(20), every: .milliseconds(100), "ready again after the return") {
                try await client.send(.get, "/health/ready").status == .ok
            }
        }
    }
}
