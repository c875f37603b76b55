import Argon2
import Events
import EventsServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Kernel
import KithComposition
import KithServerProducts
import PostgresStorageTesting
import Synchronization
import Testing

@testable import KithServer

/// `GET /metrics`: Prometheus's text format, requests by route template and status with their latency, rate-limit
/// refusals, the database's retries and pool, and nothing that names a person.
@Suite("/metrics")
struct MetricsTests {
    /// The value of the series `name{labels}` (labels exactly as emitted), or nil when it is absent.
    static func value(_ exposition: String, _ series: String) -> Double? {
        exposition.split(separator: "\n").lazy
            .compactMap { line -> Double? in
                guard line.hasPrefix(series + " ") else { return nil }
                return Double(line.dropFirst(series.count + 1))
            }
            .first
    }

    /// What a fake database reports, changed by the test between two scrapes.
    final class Reported: Sendable {
        let now: Mutex<DatabaseStatistics>
        init(_ statistics: DatabaseStatistics) { now = Mutex(statistics) }
    }

    @Test func requestsAreCountedByRouteTemplateAndNoPersonalDataShows() async throws {
        let server = try TestServer()
        try await server.test(.live) { client in
            let dana = try await client.signUp("dana.secret@example.com", role: "parent")
            let contact = try await client.send(
                .post, "/api/contacts", token: dana.token,
                body: #"{"displayName":"Ezra Hidden","email":"ezra.hidden@example.com"}"#)
            #expect(contact.status == .created, "\(contact.text)")
            let contactId = try #require(try contact.object()["contactId"] as? String)
            for _ in 0..<2 {
                let renamed = try await client.send(
                    .patch, "/api/contacts/\(contactId)", token: dana.token, body: #"{"displayName":"Ez"}"#)
                #expect(renamed.status == .ok, "\(renamed.text)")
            }
            let look = try await client.send(.get, "/api/look?email=ezra.hidden@example.com", token: dana.token)
            #expect(look.status.code >= 400)
            #expect(try await client.send(.get, "/api/no-such-route/\(dana.accountId)").status == .notFound)
            #expect(try await client.send(.get, "/api/me", token: "not-a-real-token").status == .unauthorized)
            // Five failed joins lock the account out: the sixth is a rate-limit refusal.
            for _ in 0..<6 {
                _ = try await client.send(
                    .post, "/api/family/code/join", token: dana.token, body: #"{"familyCode":"FAM-ZZZZZZ"}"#)
            }

            let scrape = try await client.send(.get, "/metrics")
            #expect(scrape.status == .ok)
            #expect(scrape.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
            let text = scrape.text
            let requests = "kith_http_requests_total"
            #expect(Self.value(text, #"\#(requests){route="/api/auth/signup",method="POST",status="201"}"#) == 1)
            #expect(
                Self.value(text, #"\#(requests){route="/api/contacts/{contact}",method="PATCH",status="200"}"#) == 2)
            #expect(Self.value(text, #"\#(requests){route="unmatched",method="GET",status="404"}"#) == 1)
            #expect(Self.value(text, #"\#(requests){route="/api/me",method="GET",status="401"}"#) == 1)
            #expect(
                Self.value(text, #"\#(requests){route="/api/family/code/join",method="POST",status="429"}"#) == 1)
            #expect(Self.value(text, #"kith_rate_limit_refusals_total{route="/api/family/code/join"}"#) == 1)
            let duration = "kith_http_request_duration_seconds"
            let patch = #"route="/api/contacts/{contact}",method="PATCH",status="200""#
            #expect(Self.value(text, "\(duration)_count{\(patch)}") == 2)
            #expect(Self.value(text, "\(duration)_bucket{\(patch),le=\"+Inf\"}") == 2)
            #expect((Self.value(text, "\(duration)_sum{\(patch)}") ?? 0) > 0)
            #expect(text.contains("# TYPE \(duration) histogram"))
            // SQLite has no pool: no database series.
            #expect(!text.contains("kith_database_"))

            for secret in [
                "dana.secret", "ezra.hidden", "Ezra", "example.com", dana.accountId, dana.token, contactId,
                "not-a-real-token", "no-such-route", "?email",
            ] {
                #expect(!text.contains(secret), "\(secret) appears in /metrics")
            }
        }
    }

    @Test func theDatabaseFiguresAreTheStorageCountersAsTheyStand() async throws {
        let plain = try TestServer()
        let statistics = Reported(
            DatabaseStatistics(retries: 3, exhausted: 0, replaced: 1, connectionsInUse: 2, waiting: 5))
        let services = try ServerServices(
            features: plain.services.features, services: plain.services.services,
            databaseStatistics: { statistics.now.withLock { $0 } })
        let app = Application(
            router: try KithServerApplication.router(services: services),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.router) { client in
            let first = try await client.send(.get, "/metrics").text
            #expect(Self.value(first, "kith_database_transaction_retries_total") == 3)
            #expect(Self.value(first, "kith_database_transactions_exhausted_total") == 0)
            #expect(Self.value(first, "kith_database_connections_replaced_total") == 1)
            #expect(Self.value(first, "kith_database_pool_connections_in_use") == 2)
            #expect(Self.value(first, "kith_database_pool_waiting") == 5)
            #expect(first.contains("# TYPE kith_database_transaction_retries_total counter"))
            #expect(first.contains("# TYPE kith_database_pool_waiting gauge"))

            statistics.now.withLock {
                $0 = .init(retries: 7, exhausted: 1, replaced: 1, connectionsInUse: 0, waiting: 0)
            }
            let second = try await client.send(.get, "/metrics").text
            #expect(Self.value(second, "kith_database_transaction_retries_total") == 7)
            #expect(Self.value(second, "kith_database_transactions_exhausted_total") == 1)
            #expect(Self.value(second, "kith_database_connections_replaced_total") == 1)
            #expect(Self.value(second, "kith_database_pool_connections_in_use") == 0)
            #expect(Self.value(second, "kith_database_pool_waiting") == 0)
        }
    }

    @Test func onPostgreSQLThePoolAndRetriesAreExposed() async throws {
        let random = SystemRandomSource()
        let services = try await ServerServices.postgres(
            features: ServerApp.kithFeatures, url: try await TestPostgres.freshSchemaURL(), poolSize: 2,
            options: CompositionOptions(
                random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random)))
        let app = Application(
            router: try KithServerApplication.router(services: services),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.router) { client in
            let dana = try await client.signUp("dana@example.com")
            #expect(try await client.send(.get, "/api/me", token: dana.token).status == .ok)
            let text = try await client.send(.get, "/metrics").text
            // Between requests nothing holds a connection; the retries are whatever PostgreSQL made us run again.
            #expect(Self.value(text, "kith_database_pool_connections_in_use") == 0)
            #expect(Self.value(text, "kith_database_pool_waiting") == 0)
            #expect((Self.value(text, "kith_database_transaction_retries_total") ?? -1) >= 0)
            #expect(Self.value(text, #"kith_http_requests_total{route="/api/me",method="GET",status="200"}"#) == 1)
        }
    }

    @Test func withAReplicaReadsByTargetAndItsLagAreExposedAndCommitsCarryTheirPosition() async throws {
        let random = SystemRandomSource()
        let url = try await TestPostgres.freshSchemaURL()
        let services = try await ServerServices.postgres(
            features: ServerApp.kithFeatures, url: url, poolSize: 2,
            replicas: .init(urls: [try TestPostgres.replicaURL(of: url)]),
            options: CompositionOptions(
                random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random)))
        let app = Application(
            router: try KithServerApplication.router(services: services),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.router) { client in
            let signUp = try await client.send(
                .post, "/api/auth/signup",
                body:
                    #"{"email":"dana@example.com","firstName":"Dana","lastName":"Reyes","password":"correct horse","role":"member"}"#
            )
            #expect(signUp.status == .created)
            let position = try #require(signUp.headers[HTTPField.Name("Kith-Read-After")!])
            let token = try #require(try signUp.object()["token"] as? String)
            // A read sent with the token: its answer commits nothing, so it carries none.
            let me = try await client.send(
                .get, "/api/me", token: token, headers: [HTTPField.Name("Kith-Read-After")!: position])
            #expect(me.status == .ok)
            #expect(me.headers[HTTPField.Name("Kith-Read-After")!] == nil)
            let text = try await client.send(.get, "/metrics").text
            let primary = Self.value(text, #"kith_database_reads_total{target="primary"}"#) ?? -1
            let replica = Self.value(text, #"kith_database_reads_total{target="replica"}"#) ?? -1
            #expect(primary >= 0 && replica >= 0 && primary + replica >= 1, "\(text)")
            #expect(Self.value(text, #"kith_database_replica_skips_total{reason="behind"}"#) != nil)
            #expect(text.contains("kith_database_replica_lag_seconds{replica="))
            #expect(text.contains("kith_database_replica_lag_bytes{replica="))
        }
    }

    @Test func webhookDeliveriesAreCountedByResultBesideTheOldestPendingEventsAge() async throws {
        let metrics = ServerMetrics()
        func attempt(_ result: WebhookReport.Result) -> WebhookReport.Attempt {
            WebhookReport.Attempt(appId: "app-1", eventId: "event-1", status: 500, result: result)
        }
        WebhookService.record(
            WebhookReport(attempts: [attempt(.retried), attempt(.retried), attempt(.delivered)], oldestPendingAge: 90),
            metrics: metrics)
        var text = String(decoding: await metrics.exposition(), as: UTF8.self)
        #expect(Self.value(text, #"kith_webhook_deliveries_total{result="delivered"}"#) == 1)
        #expect(Self.value(text, #"kith_webhook_deliveries_total{result="retried"}"#) == 2)
        #expect(Self.value(text, #"kith_webhook_deliveries_total{result="given_up"}"#) == 0)
        #expect(Self.value(text, "kith_webhook_oldest_pending_seconds") == 90)
        WebhookService.record(WebhookReport(attempts: [attempt(.givenUp)]), metrics: metrics)
        text = String(decoding: await metrics.exposition(), as: UTF8.self)
        #expect(Self.value(text, #"kith_webhook_deliveries_total{result="given_up"}"#) == 1)
        #expect(Self.value(text, #"kith_webhook_deliveries_total{result="retried"}"#) == 2)
        #expect(Self.value(text, "kith_webhook_oldest_pending_seconds") == 0)
        // Ids never label a series.
        #expect(!text.contains("app-1") && !text.contains("event-1"))
    }
}
