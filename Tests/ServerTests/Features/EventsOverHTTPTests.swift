import Events
import EventsWire
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import IdentitySQL
import Kernel
import KithServer
import SQLiteStorage
import Storage
import Testing
import Tokens

/// The event feed against kith-server's real router and services on SQLite: HTTP Basic as introspection, paging,
/// the 400s, and 410 for a cursor whose events were pruned.
@Suite("Events over HTTP")
struct EventsOverHTTPTests {
    /// Writes `count` events into the server's file as a change would (one transaction each); returns their ids.
    static func emit(_ server: TestServer, count: Int) async throws -> [String] {
        let database = try SQLiteDatabase.open(
            at: server.directory.appendingPathComponent("kith.sqlite").path, features: KithServices.migrations)
        let store = SQLStore(identityOn: database)
        var ids: [String] = []
        for index in 0..<count {
            let id = UUID().uuidString
            let now = server.clock.now()
            try await store.write { identity in
                try identity.appendEvent(
                    NewEvent(
                        "account.updated", subject: EventSubject(accountId: "account-\(index)"), data: ["field": "name"]
                    ),
                    id: id, at: now)
            }
            ids.append(id)
        }
        try database.close()
        return ids
    }

    static func get(
        _ client: any TestClientProtocol, _ query: String, app: AppSecrets, secret: String? = nil
    ) async throws -> TestResponse {
        try await client.execute(
            uri: EventsRoute.events + query, method: .get, headers: TokensOverHTTPTests.basic(app, secret: secret))
    }

    @Test func anAppPagesThroughTheEventsWithItsIdAndSecret() async throws {
        let server = try TestServer()
        let app = try await TokensOverHTTPTests.addApp(server)
        let ids = try await Self.emit(server, count: 3)
        try await server.test { client in
            let first = try await Self.get(client, "?limit=2", app: app)
            #expect(first.status == .ok, "\(first.text)")
            let body = try first.object()
            let events = try #require(body["events"] as? [[String: Any]])
            #expect(events.map { $0["id"] as? String } == Array(ids.prefix(2)))
            #expect(Set(events[0].keys) == ["id", "type", "occurredAt", "cursor", "subject", "data"])
            #expect(events[0]["type"] as? String == "account.updated")
            #expect((events[0]["subject"] as? [String: Any])?["accountId"] as? String == "account-0")
            #expect((events[0]["data"] as? [String: String]) == ["field": "name"])
            let next = try #require(body["next"] as? String)
            #expect(next == events[1]["cursor"] as? String)
            let second = try await Self.get(client, "?after=\(next)&limit=2", app: app)
            let rest = try #require(try second.object()["events"] as? [[String: Any]])
            #expect(rest.map { $0["id"] as? String } == [ids[2]])
            let last = try #require(try second.object()["next"] as? String)
            let empty = try await Self.get(client, "?after=\(last)&wait=0", app: app)
            #expect((try empty.object()["events"] as? [Any])?.isEmpty == true)
            #expect(try empty.object()["next"] as? String == last)
        }
    }

    @Test func wrongOrMissingCredentialsAre401InvalidClient() async throws {
        let server = try TestServer()
        let app = try await TokensOverHTTPTests.addApp(server)
        try await server.test { client in
            let wrong = try await Self.get(client, "", app: app, secret: "not-the-secret")
            #expect(wrong.status == .unauthorized)
            #expect(try wrong.object()["error"] as? String == "invalid_client")
            #expect(wrong.headers[.wwwAuthenticate] == #"Basic realm="kith apps""#)
            let missing = try await client.execute(uri: EventsRoute.events, method: .get)
            #expect(missing.status == .unauthorized)
        }
    }

    @Test func malformedQueriesAre400WithASentence() async throws {
        let server = try TestServer()
        let app = try await TokensOverHTTPTests.addApp(server)
        try await server.test { client in
            for (query, code) in [
                ("?after=abc", "events.malformed_cursor"), ("?limit=0", "events.limit_out_of_range"),
                ("?limit=1001", "events.limit_out_of_range"), ("?wait=31", "events.wait_out_of_range"),
                ("?limit=ten", "bad_request"), ("?wait=1.5", "bad_request"),
            ] {
                let response = try await Self.get(client, query, app: app)
                #expect(response.status == .badRequest, "\(query)")
                #expect(try response.object()["error"] as? String == code, "\(query): \(response.text)")
                #expect((try response.object()["message"] as? String)?.isEmpty == false)
            }
        }
    }

    @Test func aCursorOlderThanTheEventsKeptIs410() async throws {
        let server = try TestServer()
        let app = try await TokensOverHTTPTests.addApp(server)
        _ = try await Self.emit(server, count: 2)
        server.clock.advance(by: 8 * 86_400)
        let kept = try await Self.emit(server, count: 1)
        let retention = try #require(server.services.services[EventRetention.self])
        #expect(try await retention.prune() == 2)
        try await server.test { client in
            let expired = try await Self.get(client, "?after=0.1", app: app)
            #expect(expired.status == .gone)
            #expect(try expired.object()["error"] as? String == "events.cursor_expired")
            #expect(
                try expired.object()["message"] as? String
                    == "That cursor is older than the events kept (7 days); start again without after.")
            let fresh = try await Self.get(client, "", app: app)
            #expect((try fresh.object()["events"] as? [[String: Any]])?.map { $0["id"] as? String } == kept)
        }
    }
}
