import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import KithServer

@Suite("X-Acting-As-Member")
struct ActingAsTests {
    static let forbiddenBody = #"{"error":"forbidden","message":"That profile is not available to act as"}"#

    /// The refusal of an account-level call made while viewing as Max: 403 and DOMAIN.md's sentence, naming Max.
    static func expectRefusedWhileActingAsMax(
        _ response: TestResponse, _ call: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(response.status == .forbidden, "\(call)", sourceLocation: sourceLocation)
        #expect(try response.error().code == "identity.not_while_acting", "\(call)", sourceLocation: sourceLocation)
        #expect(response.text.contains(#""details":{"name":"Max"}"#), "\(call)", sourceLocation: sourceLocation)
        #expect(try CirclesRoutesTests.details(response) == ["name": "Max"], "\(call)", sourceLocation: sourceLocation)
        #expect(
            try response.error().message == "Not available while viewing as Max. Switch back first.",
            sourceLocation: sourceLocation)
    }

    /// Alice (a player) owns a family with her managed member Max; Bob (a parent) joined it and added Mia,
    /// whom only he guards; Carol has her own household with Zed.
    struct World: Sendable {
        let alice: TestAccount
        let bob: TestAccount
        let carol: TestAccount
        let max: String
        let mia: String
        let zed: String
    }

    static func world(_ client: any TestClientProtocol) async throws -> World {
        let alice = try await client.signUp("alice@example.com", first: "Alice", last: "Stone", role: "player")
        let bob = try await client.signUp("bob@example.com", first: "Bob", last: "Lane", role: "parent")
        let carol = try await client.signUp("carol@example.com", first: "Carol", last: "Hart")
        let code = try await client.send(.post, "/api/family/create", token: alice.token).object()["familyCode"]
        let join = try await client.send(
            .post, "/api/family/code/join", token: bob.token, body: #"{"familyCode":"\#(code as? String ?? "")"}"#)
        #expect(join.status == .ok)
        func add(_ name: String, by account: TestAccount) async throws -> String {
            let response = try await client.send(
                .post, "/api/members", token: account.token, body: #"{"displayName":"\#(name)"}"#)
            #expect(response.status == .created, "\(response.text)")
            return try response.object()["memberId"] as? String ?? ""
        }
        let max = try await add("Max", by: alice)
        let mia = try await add("Mia", by: bob)
        #expect(
            try await client.send(.post, "/api/households", token: carol.token, body: #"{"name":"Harts"}"#).status
                == .created)
        let zed = try await add("Zed", by: carol)
        return World(alice: alice, bob: bob, carol: carol, max: max, mia: mia, zed: zed)
    }

    @Test func everyUnavailableMemberGetsTheSame403() async throws {
        let server = try TestServer()
        try await server.test { client in
            let world = try await Self.world(client)
            let refused = [
                world.bob.accountId,  // an independent member of the same household
                world.alice.accountId,  // the caller itself is not a managed member either
                world.zed,  // another household's managed member
                "managed_00000000-0000-4000-8000-000000000000",  // no such member
                world.mia,  // a managed member Alice does not guard
                "Max",  // a name is not a member id
                "",
            ]
            for memberId in refused {
                for (method, path) in [
                    (HTTPRequest.Method.get, "/api/me"), (.get, "/api/preferences"), (.put, "/api/preferences/theme"),
                    (.get, "/api/profiles"), (.post, "/api/auth/signout"), (.get, "/api/family/members"),
                ] {
                    let response = try await client.send(
                        method, path, token: world.alice.token, actingAs: memberId, body: #"{"theme":"dark"}"#)
                    #expect(response.status == .forbidden, "\(memberId) \(path)")
                    #expect(response.text == Self.forbiddenBody, "\(memberId) \(path)")
                }
            }
            // The refused sign-out did not end the session.
            #expect(try await client.send(.get, "/api/me", token: world.alice.token).status == .ok)
        }
    }

    @Test func aGuardedMemberCanBeActedAsAndAccountActionsAreRefused() async throws {
        let server = try TestServer()
        try await server.test { client in
            let world = try await Self.world(client)
            let token = world.alice.token
            let me = try await client.send(.get, "/api/me", token: token, actingAs: world.max).object()
            let actingAs = me["actingAs"] as? [String: Any]
            #expect(actingAs?["memberId"] as? String == world.max)
            #expect(actingAs?["displayName"] as? String == "Max")

            let prefs = try await client.send(
                .put, "/api/preferences/theme", token: token, actingAs: world.max, body: #"{"theme":"dark"}"#)
            #expect(prefs.status == .ok)
            #expect(try prefs.object()["memberId"] as? String == world.max)
            #expect(
                try await client.send(.get, "/api/preferences", token: token).object()["theme"] as? String == "system")

            let profiles = try await client.send(.get, "/api/profiles", token: token, actingAs: world.max).array()
            #expect(profiles.map { $0["memberId"] as? String } == [world.alice.accountId, world.max])
            #expect(profiles.map { $0["active"] as? Bool } == [false, true])

            for (method, path, body) in [
                (HTTPRequest.Method.put, "/api/me/name", #"{"firstName":"Al","lastName":"Stone"}"#),
                (.put, "/api/me/role", #"{"role":"parent"}"#),
                (.put, "/api/me/password", #"{"currentPassword":"correct horse","newPassword":"battery staple"}"#),
                (.post, "/api/households", #"{"name":"Elsewhere"}"#),
                (.post, "/api/members", #"{"displayName":"Nia"}"#),
                (.delete, "/api/members/\(world.max)", nil),
                (.post, "/api/family/code/regenerate", nil),
            ] {
                let response = try await client.send(method, path, token: token, actingAs: world.max, body: body)
                try Self.expectRefusedWhileActingAsMax(response, "\(method) \(path)")
            }

            let activity = try await client.send(.get, "/api/activity", token: token).array()
            #expect(activity.count == 1)
            #expect(activity.first?["subjectMemberId"] as? String == world.max)
            #expect(activity.first?["actorAccountId"] as? String == world.alice.accountId)
        }
    }
}
