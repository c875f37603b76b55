import Accounts
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import IdentityHTTP
import Testing

@testable import KithServer

/// The account's sessions over HTTP: where each was made (`X-Kith-Client`, else `User-Agent`), ending one or all but
/// this one, and the token cache's look-up every 5 minutes that records a session's last use.
@Suite("Sessions over HTTP")
struct SessionsOverHTTPTests {
    static let client = HTTPField.Name("X-Kith-Client")!

    @Test func labelsListingAndEndingThroughTheRoutes() async throws {
        let server = try TestServer()
        let clock = server.clock
        try await server.test { client in
            // A minute apart: the list is oldest first.
            let laptop = try await client.signUp("dana@example.com")
            clock.advance(by: 60)
            let phone = try await Self.signIn(client, headers: [.userAgent: "KithPhone/1.0 (iPhone)"])
            clock.advance(by: 60)
            let tablet = try await Self.signIn(
                client, headers: [Self.client: "Kith for iPad", .userAgent: "ignored/1.0"])
            clock.advance(by: 60)
            let bare = try await Self.signIn(client, headers: [:])

            let listed = try await client.send(.get, "/api/me/sessions", token: laptop.token)
            #expect(listed.status == .ok)
            let sessions = try listed.array()
            #expect(sessions.count == 4)
            #expect(sessions.map { $0["sessionId"] as? String }.dropFirst() == [phone.id, tablet.id, bare.id])
            #expect(sessions.map { $0["where"] as? String } == [nil, "KithPhone/1.0 (iPhone)", "Kith for iPad", nil])
            #expect(sessions.map { $0["current"] as? Bool } == [true, false, false, false])
            #expect(sessions.allSatisfy { $0.keys.contains("where") })
            let laptopId = try #require(sessions.first?["sessionId"] as? String)

            // This one: 409, nothing ended; unknown: 404 with its kind.
            let this = try await client.send(.delete, "/api/me/sessions/\(laptopId)", token: laptop.token)
            #expect(this.status == .conflict)
            #expect(try this.error() == ("identity.this_session", "That is this session: use `logout`."))
            let unknown = try await client.send(.delete, "/api/me/sessions/made-up", token: laptop.token)
            #expect(unknown.status == .notFound)
            #expect(try unknown.error() == ("identity.not_found", "No session named made-up"))
            #expect((try unknown.object()["details"] as? [String: Any])?["kind"] as? String == "session")

            // The phone is known to the server (its principal kept) before its session ends elsewhere.
            #expect(try await client.send(.get, "/api/me", token: phone.token).status == .ok)
            let ended = try await client.send(.delete, "/api/me/sessions/\(phone.id)", token: tablet.token)
            #expect(ended.status == .noContent)
            #expect(try await client.send(.get, "/api/me", token: phone.token).status == .unauthorized)
            #expect(try await client.send(.get, "/api/me", token: laptop.token).status == .ok)

            let others = try await client.send(.post, "/api/me/sessions/end-others", token: laptop.token)
            #expect(others.status == .ok)
            #expect(try others.object()["ended"] as? Int == 2)
            for token in [tablet.token, bare.token] {
                #expect(try await client.send(.get, "/api/me/sessions", token: token).status == .unauthorized)
            }
            let left = try await client.send(.get, "/api/me/sessions", token: laptop.token).array()
            #expect(left.map { $0["sessionId"] as? String } == [laptopId])
        }
    }

    @Test func theHTTPServiceListsAndEndsSessionsWithinTheContract() async throws {
        let server = try TestServer()
        let folder = server.directory.path
        let clock = server.clock
        try await server.withCheckedJSONClient { client, json, checker in
            let (identity, device, _) = remoteDevice(json, path: folder + "/remote.json")
            _ = try await device.signUp(
                SignUp(email: "dana@example.com", firstName: "Dana", lastName: "Lee", password: "correct horse"))
            let principal = try #require(try await device.currentPrincipal())
            clock.advance(by: 60)
            let phone = try await Self.signIn(client, headers: [Self.client: "Kith for iPhone"])

            let sessions = try await identity.sessions(principal)
            #expect(sessions.map(\.id) == [principal.sessionId, phone.id])
            #expect(sessions.map(\.createdWhere) == [nil, "Kith for iPhone"])
            #expect(sessions.map(\.current) == [true, false])
            await #expect(throws: IdentityError.thisSession) {
                try await identity.endSession(principal, id: principal.sessionId ?? "")
            }
            await #expect(throws: IdentityError.notFound(.session, "made-up")) {
                try await identity.endSession(principal, id: "made-up")
            }
            try await identity.endSession(principal, id: phone.id)
            #expect(try await identity.endOtherSessions(principal) == 0)
            #expect(try await identity.sessions(principal).map(\.id) == [principal.sessionId])
            #expect(checker.problems.isEmpty, "\(checker.problems)")
        }
    }

    @Test func aKeptTokenIsLookedUpAgainEveryFiveMinutesWhichRecordsItsLastUse() async throws {
        let server = try TestServer()
        let identity = server.services.identity
        let principals = BearerPrincipals(identity: identity, capacity: 2, clock: server.clock)
        let grant = try await BearerPrincipalsTests.register("dana@example.com", on: identity)
        let made = server.clock.now()
        func lastUsed() async throws -> Date? {
            let principal = Principal(accountId: grant.accountId, sessionId: grant.sessionId)
            return try await identity.sessions(principal).first?.lastUsedAt
        }

        #expect(try await principals.principal(forToken: grant.token).cached == false)
        server.clock.advance(by: 299)
        #expect(try await principals.principal(forToken: grant.token).cached)
        #expect(try await lastUsed() == made)
        server.clock.advance(by: 1)
        #expect(try await principals.principal(forToken: grant.token).cached == false)
        #expect(try await lastUsed() == server.clock.now())
        #expect(try await principals.principal(forToken: grant.token).cached)

        // Ended while kept: the look-up after 5 minutes refuses it and forgets it.
        try await identity.endSession(token: grant.token)
        server.clock.advance(by: 300)
        await #expect(throws: IdentityError.notSignedIn) { _ = try await principals.principal(forToken: grant.token) }
        #expect(principals.count == 0)
    }

    /// Signs in as dana@example.com with `headers`: the session's id and token.
    static func signIn(
        _ client: any TestClientProtocol, headers: HTTPFields
    ) async throws -> (id: String, token: String) {
        let response = try await client.send(
            .post, "/api/auth/signin", body: #"{"email":"dana@example.com","password":"correct horse"}"#,
            headers: headers)
        let json = try response.object()
        return (json["sessionId"] as? String ?? "", json["token"] as? String ?? "")
    }
}
