import Argon2
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Kernel
import KithComposition
import KithServer
import KithServerProducts
import PostgresStorageTesting
import StorageTesting
import Testing

/// kith-server on a PostgreSQL database that goes away: 503 with Retry-After (never a 500, never a crash), `/health`
/// says so, and service resumes by itself within 5 s of the database's return.
@Suite("kith-server while its PostgreSQL database is down")
struct PostgresFaultTests {
    @Test func aDatabaseThatGoesAwayIs503AndServiceResumesByItself() async throws {
        let cluster = try await TestPostgres.privateCluster()
        defer { cluster.stop() }
        let random = SystemRandomSource()
        let services = try await ServerServices.postgres(
            features: ServerApp.kithFeatures, url: cluster.url, poolSize: 2,
            options: CompositionOptions(
                random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random)))
        let router = try KithServerApplication.router(services: services)
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.router) { client in
            let account = try await client.signUp("dana@example.com")
            #expect(try await client.send(.get, "/health").status == .ok)

            try await cluster.pgctl("stop", "-m", "immediate")
            // /health asks the database at most once a second, and its last answer stands while it asks again.
            var health = try await client.send(.get, "/health")
            try await eventually(timeout: .seconds(5), every: .milliseconds(100), "/health is 503 once stopped") {
                if health.status == .ok { health = try await client.send(.get, "/health") }
                return health.status != .ok
            }
            #expect(health.status == .serviceUnavailable)
            #expect(try health.object()["database"] as? String == "unavailable")
            for _ in 0..<3 {
                let me = try await client.send(.get, "/api/me", token: account.token)
                #expect(me.status == .serviceUnavailable, "\(me.text)")
                #expect(me.headers[.retryAfter] != nil)
                let signIn = try await client.send(
                    .post, "/api/auth/signin", body: #"{"email":"dana@example.com","password":"correct horse"}"#)
                #expect(signIn.status == .serviceUnavailable, "\(signIn.text)")
            }

            try await cluster.pgctl("start")
            let back = ContinuousClock.now
            try await eventually(timeout: .seconds(5), every: .milliseconds(100), "served again after the return") {
                try await client.send(.get, "/api/me", token: account.token).status == .ok
            }
            try await eventually(
                timeout: .seconds(10) - (ContinuousClock.now - back), every: .milliseconds(100),
                "/health ok within 10 s of the database's return"
            ) { try await client.send(.get, "/health").status == .ok }
        }
    }
}
