import CirclesWire
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import KithServer

@Suite("Circles over HTTP")
struct CirclesRoutesTests {
    /// Sends a request and checks its status; the body as a JSON object (`[:]` for a 204).
    @discardableResult
    static func call(
        _ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ path: String, _ account: TestAccount,
        body: String? = nil, expect status: HTTPResponse.Status = .ok, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [String: Any] {
        let response = try await client.send(method, path, token: account.token, body: body)
        #expect(response.status == status, "\(method) \(path): \(response.text)", sourceLocation: sourceLocation)
        return response.status == .noContent ? [:] : try response.object()
    }

    static func list(
        _ client: any TestClientProtocol, _ path: String, _ account: TestAccount,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [[String: Any]] {
        let response = try await client.send(.get, path, token: account.token)
        #expect(response.status == .ok, "GET \(path): \(response.text)", sourceLocation: sourceLocation)
        return try response.array()
    }

    /// The `details` of an error body, as strings (the values the domain case carries).
    static func details(_ response: TestResponse) throws -> [String: String] {
        let details = try response.object()["details"] as? [String: Any] ?? [:]
        return details.mapValues { "\($0)" }
    }

    // MARK: - The contract

    /// Every route of `CirclesRoute` reaches a Circles route: whatever the domain answers, never the router's own
    /// "No such endpoint" (`not_found`) or `method_not_allowed`.
    @Test func everyWireRouteIsServed() async throws {
        let server = try TestServer()
        try await server.test { client in
            let alice = try await client.signUp("alice@example.com", first: "Alice", last: "Stone")
            for route in CirclesRoute.routes {
                let method = try #require(HTTPRequest.Method(rawValue: route.method))
                let response = try await client.send(
                    method, route.path("Nobody", "Nobody"), token: alice.token, body: "{}")
                guard response.status.code >= 400 else { continue }
                let code = try response.error().code
                #expect(!["not_found", "method_not_allowed"].contains(code), "\(route): \(response.text)")
            }
            #expect(Set(CirclesRoute.routes).count == CirclesRoute.routes.count, "a route listed twice")
        }
    }

    // MARK: - Contacts, circles, suggestions

    @Test func contactsAndCircles() async throws {
        let server = try TestServer()
        try await server.test { client in
            let alice = try await client.signUp("alice@example.com", first: "Alice", last: "Stone")
            _ = try await client.signUp("bob@example.com", first: "Bob", last: "Lane")

            let bob = try await Self.call(
                client, .post, "/api/contacts", alice,
                body: #"{"displayName":"Bob Lane","accountEmail":"bob@example.com","phone":"+1 555 0100"}"#,
                expect: .created)
            #expect(bob["displayName"] as? String == "Bob Lane")
            #expect(bob["email"] is NSNull)
            #expect((bob["accountId"] as? String)?.isEmpty == false)
            let bobId = try #require(bob["contactId"] as? String)
            try await Self.call(
                client, .post, "/api/contacts", alice, body: #"{"displayName":"Cy","accountEmail":"bob@example.com"}"#,
                expect: .conflict)
            try await Self.call(
                client, .post, "/api/contacts", alice, body: #"{"displayName":"Bob 🙂"}"#, expect: .badRequest)
            try await Self.call(
                client, .post, "/api/contacts", alice, body: #"{"displayName":"Cy Moss"}"#, expect: .created)
            let edited = try await Self.call(
                client, .patch, "/api/contacts/\(bobId)", alice, body: #"{"email":"bob@work.example.com"}"#)
            #expect(edited["email"] as? String == "bob@work.example.com")
            try await Self.call(client, .patch, "/api/contacts/Bob%20Lane", alice, body: "{}", expect: .badRequest)
            try await Self.call(
                client, .patch, "/api/contacts/Nobody", alice, body: #"{"phone":""}"#, expect: .notFound)
            #expect(
                try await Self.list(client, "/api/contacts", alice).map { $0["displayName"] as? String } == [
                    "Bob Lane", "Cy Moss",
                ])

            let builtIn = try await Self.list(client, "/api/circles", alice)
            #expect(builtIn.map { $0["name"] as? String } == ["Contacts", "Public", "Family", "Friends", "Colleagues"])
            #expect(builtIn[1]["memberCount"] is NSNull)
            let climbing = try await Self.call(
                client, .post, "/api/circles", alice, body: #"{"name":"Climbing","emoji":"🧗","color":"green"}"#,
                expect: .created)
            #expect(climbing["kind"] as? String == "custom")
            let taken = try await client.send(.post, "/api/circles", token: alice.token, body: #"{"name":"climbing"}"#)
            #expect(taken.status == .conflict)
            #expect(try taken.error() == ("circles.circle_name_taken", "A circle named climbing already exists"))
            #expect(try Self.details(taken) == ["name": "climbing"])
            try await Self.call(
                client, .post, "/api/circles", alice, body: #"{"name":"X","color":"beige"}"#, expect: .badRequest)
            try await Self.call(
                client, .patch, "/api/circles/Family", alice, body: #"{"name":"Kin"}"#, expect: .forbidden)

            let detail = try await Self.call(
                client, .post, "/api/circles/Climbing/members", alice, body: #"{"contacts":["Bob Lane","Cy Moss"]}"#)
            #expect(detail["memberCount"] as? Int == 2)
            #expect((detail["members"] as? [[String: Any]])?.count == 2)
            try await Self.call(
                client, .post, "/api/circles/Public/members", alice, body: #"{"contacts":["Cy Moss"]}"#,
                expect: .forbidden)
            try await Self.call(
                client, .post, "/api/circles/Friends/members", alice, body: #"{"contacts":["Bob Lane","Cy Moss"]}"#)

            // Climbing and Friends now hold the same two contacts: a suggestion, dismissed, then merged by hand.
            let suggestions = try await Self.list(client, "/api/suggestions", alice)
            #expect(suggestions.count == 1)
            #expect(suggestions.first?["jaccard"] as? Double == 1)
            let suggestionId = try #require(suggestions.first?["suggestionId"] as? String)
            try await Self.call(client, .post, "/api/suggestions/\(suggestionId)/dismiss", alice, expect: .noContent)
            #expect(try await Self.list(client, "/api/suggestions", alice).isEmpty)
            try await Self.call(
                client, .post, "/api/suggestions/sug_0000000000000000/dismiss", alice, expect: .notFound)
            let into = try await Self.call(
                client, .post, "/api/circles/Climbing/merge", alice, body: #"{"into":"Friends"}"#)
            #expect(into["name"] as? String == "Friends")
            try await Self.call(client, .get, "/api/circles/Climbing", alice, expect: .notFound)

            let shown = try await Self.call(client, .get, "/api/circles/Friends", alice)
            #expect((shown["access"] as? [String: String])?["email"] == "allow")
            #expect(shown["emptyHint"] is NSNull)
            let removed = try await Self.call(
                client, .delete, "/api/circles/Friends/members", alice, body: #"{"contacts":["Cy Moss"]}"#)
            #expect(removed["memberCount"] as? Int == 1)
            let empty = try await Self.call(client, .delete, "/api/circles/Friends/members/\(bobId)", alice)
            #expect(empty["emptyHint"] as? String == "Add your first member")

            try await Self.call(client, .post, "/api/circles", alice, body: #"{"name":"Book club"}"#, expect: .created)
            try await Self.call(
                client, .patch, "/api/circles/Book%20club", alice, body: #"{"name":"Books","color":"teal"}"#)
            try await Self.call(client, .post, "/api/circles/Books/members", alice, body: #"{"contacts":["Cy Moss"]}"#)
            let deleted = try await Self.call(client, .delete, "/api/circles/Books?moveTo=Family", alice)
            #expect(deleted["name"] as? String == "Books")
            let family = try await Self.call(client, .get, "/api/circles/Family", alice)
            #expect(family["memberCount"] as? Int == 1)
            try await Self.call(client, .delete, "/api/circles/Contacts", alice, expect: .forbidden)

            let gone = try await Self.call(client, .delete, "/api/contacts/Cy%20Moss", alice)
            #expect(gone["displayName"] as? String == "Cy Moss")
            #expect(try await Self.list(client, "/api/contacts", alice).count == 1)
        }
    }

    // MARK: - The access matrix

    @Test func aCircleNamedMergeIsReachedByItsName() async throws {
        let server = try TestServer()
        try await server.test { client in
            let alice = try await client.signUp("alice@example.com", first: "Alice", last: "Stone")
            for name in ["merge", "members"] {
                try await Self.call(
                    client, .post, "/api/circles", alice, body: #"{"name":"\#(name)"}"#, expect: .created)
                let shown = try await Self.call(client, .get, "/api/circles/\(name)", alice)
                #expect(shown["name"] as? String == name)
            }
            let renamed = try await Self.call(client, .patch, "/api/circles/merge", alice, body: #"{"name":"Merged"}"#)
            #expect(renamed["name"] as? String == "Merged")
            let into = try await Self.call(
                client, .post, "/api/circles/members/merge", alice, body: #"{"into":"Merged"}"#)
            #expect(into["name"] as? String == "Merged")
            try await Self.call(client, .get, "/api/circles/members", alice, expect: .notFound)
        }
    }

    @Test func stagedAccessEdits() async throws {
        let server = try TestServer()
        try await server.test { client in
            let alice = try await client.signUp("alice@example.com", first: "Alice", last: "Stone")
            let circles = try await Self.list(client, "/api/circles", alice)
            let friends = try #require(circles.first { $0["name"] as? String == "Friends" }?["circleId"] as? String)
            func cell(_ matrix: [String: Any], _ field: String) -> String? {
                ((matrix["cells"] as? [String: Any])?[field] as? [String: String])?[friends]
            }

            var matrix = try await Self.call(client, .get, "/api/access", alice)
            #expect(matrix["unsaved"] as? Bool == false)
            #expect(cell(matrix, "phone") == "ask")
            matrix = try await Self.call(
                client, .put, "/api/access/cells", alice,
                body: #"{"field":"phone","circle":"Friends","access":"allow"}"#)
            #expect(cell(matrix, "phone") == "allow")
            #expect(matrix["unsaved"] as? Bool == true)
            matrix = try await Self.call(
                client, .post, "/api/access/cycle", alice, body: #"{"field":"phone","circle":"Friends"}"#)
            #expect(cell(matrix, "phone") == "deny")
            matrix = try await Self.call(client, .post, "/api/access/discard", alice)
            #expect(cell(matrix, "phone") == "ask")
            #expect(matrix["unsaved"] as? Bool == false)

            matrix = try await Self.call(client, .post, "/api/access/allow-all", alice, body: #"{"circle":"Friends"}"#)
            #expect(cell(matrix, "phone") == "allow")
            matrix = try await Self.call(client, .post, "/api/access/save?profile=primary", alice)
            #expect(matrix["unsaved"] as? Bool == false)
            #expect(cell(try await Self.call(client, .get, "/api/access?profile=primary", alice), "phone") == "allow")
            matrix = try await Self.call(client, .post, "/api/access/reset", alice)
            #expect(cell(matrix, "phone") == "ask")
            #expect(matrix["unsaved"] as? Bool == true)

            try await Self.call(
                client, .put, "/api/access/cells", alice,
                body: #"{"field":"shoeSize","circle":"Friends","access":"allow"}"#,
                expect: .badRequest)
            try await Self.call(
                client, .put, "/api/access/cells", alice, body: #"{"field":"bio","circle":"Friends","access":"maybe"}"#,
                expect: .badRequest)
            try await Self.call(
                client, .put, "/api/access/cells", alice, body: #"{"field":"bio","circle":"Nowhere","access":"allow"}"#,
                expect: .notFound)
            try await Self.call(client, .get, "/api/access?profile=Nobody", alice, expect: .notFound)
        }
    }

    // MARK: - Viewing, requests, grants

    @Test func lookRequestAllowDenyAndGrants() async throws {
        let server = try TestServer()
        let clock = server.clock
        try await server.test { client in
            let alice = try await client.signUp("alice@example.com", first: "Alice", last: "Stone")
            let bob = try await client.signUp("bob@example.com", first: "Bob", last: "Lane")
            try await Self.call(
                client, .patch, "/api/profile", alice, body: #"{"username":"alice","phone":"+1 555 0100"}"#)
            try await Self.call(
                client, .post, "/api/contacts", alice, body: #"{"displayName":"Bob","accountEmail":"bob@example.com"}"#,
                expect: .created)

            // Bob is a linked contact: Contacts shows the name and asks for email and phone.
            let look = try await Self.call(client, .get, "/api/look?email=alice%40example.com", bob)
            #expect((look["fields"] as? [String: Any])?["displayName"] as? String == "Alice Stone")
            #expect((look["fields"] as? [String: Any])?["email"] is NSNull)
            #expect(look["ask"] as? [String] == ["email", "phone"])
            #expect(look["revealedAs"] is NSNull)
            let byUsername = try await Self.call(client, .get, "/api/look?username=alice", bob)
            #expect(byUsername["profileId"] as? String == look["profileId"] as? String)
            let preview = try await Self.call(client, .get, "/api/view-as/Bob?profile=primary", alice)
            #expect(NSDictionary(dictionary: preview) == NSDictionary(dictionary: look))
            try await Self.call(client, .get, "/api/look", bob, expect: .badRequest)
            try await Self.call(client, .get, "/api/look?email=a%40b.example&username=x", bob, expect: .badRequest)

            let receipt = try await Self.call(
                client, .post, "/api/requests", bob,
                body: #"{"target":"alice@example.com","field":"email","reason":"For the party invite"}"#,
                expect: .created)
            let requestId = try #require(receipt["requestId"] as? String)
            clock.advance(by: 60)
            let again = try await client.send(
                .post, "/api/requests", token: bob.token, body: #"{"target":"@alice","field":"displayName"}"#)
            #expect(again.status == .conflict)
            #expect(try again.error() == ("circles.already_visible", "You can already see displayName"))
            #expect(try Self.details(again) == ["field": "displayName"])
            let phone = try await Self.call(
                client, .post, "/api/requests", bob, body: #"{"target":"@alice","field":"phone"}"#, expect: .created)

            let inbox = try await Self.list(client, "/api/requests", alice)
            #expect(inbox.map { $0["field"] as? String } == ["email", "phone"])
            #expect((inbox.first?["from"] as? [String: Any])?["displayName"] as? String == "Bob Lane")
            #expect(inbox.last?["reason"] is NSNull)
            let grant = try await Self.call(client, .post, "/api/requests/\(requestId)/allow", alice)
            #expect(grant["field"] as? String == "email")
            let denied = try await Self.call(
                client, .post, "/api/requests/\(phone["requestId"] as? String ?? "")/deny", alice)
            #expect(denied["status"] as? String == "denied")
            try await Self.call(client, .post, "/api/requests/\(requestId)/allow", alice, expect: .notFound)

            let seen = try await Self.call(client, .get, "/api/look?email=alice%40example.com", bob)
            #expect((seen["fields"] as? [String: Any])?["email"] as? String == "alice@example.com")
            let grants = try await Self.list(client, "/api/grants", alice)
            #expect(grants.count == 1)
            let grantId = try #require(grants.first?["grantId"] as? String)
            try await Self.call(client, .delete, "/api/grants/\(grantId)", alice)
            try await Self.call(client, .delete, "/api/grants/\(grantId)", alice, expect: .notFound)
            #expect(try await Self.list(client, "/api/grants", alice).isEmpty)

            // allFields in the body grants every field.
            let all = try await Self.call(
                client, .post, "/api/requests", bob, body: #"{"target":"@alice","field":"phone"}"#, expect: .created)
            let allGrant = try await Self.call(
                client, .post, "/api/requests/\(all["requestId"] as? String ?? "")/allow", alice,
                body: #"{"allFields":true}"#)
            #expect(allGrant["field"] is NSNull)
        }
    }

    // MARK: - Shadows, personas, profiles

    @Test func shadowsPersonasAndProfiles() async throws {
        let server = try TestServer()
        try await server.test { client in
            let alice = try await client.signUp("alice@example.com", first: "Alice", last: "Stone")
            let bob = try await client.signUp("bob@example.com", first: "Bob", last: "Lane")
            let primary = try await Self.call(client, .get, "/api/profiles/primary", alice)
            #expect(primary["type"] as? String == "primary")
            #expect(primary["displayName"] as? String == "Alice Stone")
            #expect(primary["username"] is NSNull)
            let primaryId = try #require(primary["profileId"] as? String)
            #expect(
                (try await Self.call(client, .get, "/api/me", alice)["persona"] as? [String: Any])?["profileId"]
                    as? String == primaryId)

            let shadow = try await Self.call(
                client, .post, "/api/shadows", alice,
                body: #"{"type":"professional","displayName":"A. Stone","circles":["Colleagues"]}"#, expect: .created)
            #expect(shadow["type"] as? String == "professional")
            let shadowId = try #require(shadow["profileId"] as? String)
            try await Self.call(
                client, .post, "/api/shadows", alice, body: #"{"type":"primary","displayName":"Nope"}"#,
                expect: .badRequest)
            let personas = try await Self.list(client, "/api/personas", alice)
            #expect(personas.map { $0["profileId"] as? String } == [primaryId, shadowId])
            #expect(personas.map { $0["active"] as? Bool } == [false, true])
            #expect(try await Self.call(client, .get, "/api/profile", alice)["profileId"] as? String == shadowId)
            let me = try await Self.call(client, .get, "/api/me", alice)
            #expect((me["persona"] as? [String: Any])?["type"] as? String == "professional")

            let edited = try await Self.call(
                client, .patch, "/api/profiles/A.%20Stone", alice, body: #"{"username":"astone","bio":"Engineer"}"#)
            #expect(edited["username"] as? String == "astone")
            let taken = try await client.send(
                .patch, "/api/profile", token: bob.token, body: #"{"username":"AStone"}"#)
            #expect(taken.status == .conflict)
            #expect(try taken.error().code == "circles.username_taken")
            #expect(try Self.details(taken) == ["name": "astone"])
            try await Self.call(client, .patch, "/api/profile", bob, body: #"{"username":"x"}"#, expect: .badRequest)

            let circles = try await Self.call(
                client, .put, "/api/shadows/\(shadowId)/circles", alice, body: #"{"circles":["Friends","Family"]}"#)
            #expect((circles["shownToCircleIds"] as? [String])?.count == 2)
            try await Self.call(
                client, .put, "/api/shadows/primary/circles", alice, body: #"{"circles":[]}"#, expect: .forbidden)
            let revealed = try await Self.call(client, .post, "/api/shadows/astone/reveal", alice, expect: .notFound)
            // A reference that names no profile of the caller: Identity's "not found", with what it looked for.
            #expect(revealed["error"] as? String == "identity.not_found")
            #expect(revealed["details"] as? [String: String] == ["kind": "profile", "name": "astone"])
            let reveal = try await Self.call(client, .post, "/api/shadows/\(shadowId)/reveal", alice)
            #expect(reveal["revealedAt"] is String)
            try await Self.call(client, .post, "/api/shadows/\(shadowId)/reveal", alice, expect: .conflict)

            let switched = try await Self.call(
                client, .post, "/api/personas/switch", alice, body: #"{"profile":"primary"}"#)
            #expect(switched["profileId"] as? String == primaryId)
            #expect(switched["active"] as? Bool == true)
            let deleted = try await Self.call(client, .delete, "/api/shadows/\(shadowId)", alice)
            #expect(deleted["profileId"] as? String == shadowId)
            try await Self.call(client, .get, "/api/profiles/\(shadowId)", alice, expect: .notFound)
            #expect(try await Self.list(client, "/api/personas", alice).count == 1)
        }
    }

    // MARK: - Acting as a managed member

    @Test func everyCirclesRouteIsRefusedWhileActing() async throws {
        let server = try TestServer()
        try await server.test { client in
            let world = try await ActingAsTests.world(client)
            let token = world.alice.token
            for (method, path, body) in [
                (HTTPRequest.Method.post, "/api/contacts", #"{"displayName":"Nia"}"#),
                (.patch, "/api/contacts/Nia", #"{"phone":"123"}"#),
                (.post, "/api/circles", #"{"name":"Climbing"}"#),
                (.post, "/api/circles/Family/members", #"{"contacts":["Nia"]}"#),
                (.post, "/api/circles/A/merge", #"{"into":"B"}"#),
                (.put, "/api/access/cells", #"{"field":"bio","circle":"Public","access":"allow"}"#),
                (.post, "/api/access/save", nil),
                (.post, "/api/requests", #"{"target":"bob@example.com","field":"email"}"#),
                (.post, "/api/shadows", #"{"type":"personal","displayName":"Al"}"#),
                (.post, "/api/personas/switch", #"{"profile":"primary"}"#),
                (.patch, "/api/profile", #"{"bio":"hi"}"#),
                (.get, "/api/contacts", nil),
                (.get, "/api/look?email=bob%40example.com", nil),
            ] {
                let response = try await client.send(method, path, token: token, actingAs: world.max, body: body)
                try ActingAsTests.expectRefusedWhileActingAsMax(response, "\(method) \(path)")
            }
            // Nothing was written: no contacts, no custom circle, no shadow.
            #expect(try await Self.list(client, "/api/contacts", world.alice).isEmpty)
            #expect(try await Self.list(client, "/api/circles", world.alice).count == 5)
            #expect(try await Self.list(client, "/api/personas", world.alice).count == 1)
            // A member the caller does not guard is the middleware's 403, as everywhere.
            let other = try await client.send(.get, "/api/circles", token: token, actingAs: world.mia)
            #expect(other.text == ActingAsTests.forbiddenBody)
        }
    }

    // MARK: - Shadows are invisible and unlinkable

    @Test func aHiddenShadowIsThe404OfAProfileThatDoesNotExist() async throws {
        let server = try TestServer()
        try await server.test { client in
            let alice = try await client.signUp("alice@example.com", first: "Alice", last: "Stone")
            let bob = try await client.signUp("bob@example.com", first: "Bob", last: "Lane")
            let carol = try await client.signUp("carol@example.com", first: "Carol", last: "Hart")
            try await Self.call(
                client, .post, "/api/contacts", alice, body: #"{"displayName":"Bob","accountEmail":"bob@example.com"}"#,
                expect: .created)
            try await Self.call(client, .post, "/api/circles/Friends/members", alice, body: #"{"contacts":["Bob"]}"#)
            try await Self.call(
                client, .post, "/api/shadows", alice,
                body: #"{"type":"personal","displayName":"Ally","circles":["Friends"]}"#,
                expect: .created)
            try await Self.call(client, .patch, "/api/profile", alice, body: #"{"username":"ghost"}"#)

            // Bob is in Friends: he sees it. Carol is nobody's contact: the same 404 as a username nobody has.
            #expect(try await Self.call(client, .get, "/api/look?username=ghost", bob)["profileId"] is String)
            let hidden = try await client.send(.get, "/api/look?username=ghost", token: carol.token)
            let missing = try await client.send(.get, "/api/look?username=ghozt", token: carol.token)
            #expect(hidden.status == .notFound)
            #expect(missing.status == .notFound)
            #expect(hidden.headers[.contentType] == missing.headers[.contentType])
            #expect(
                hidden.text
                    == #"{"details":{"name":"@ghost"},"error":"circles.profile_not_found","message":"No profile named @ghost"}"#
            )
            #expect(missing.text == hidden.text.replacingOccurrences(of: "@ghost", with: "@ghozt"))

            // A request to it is the same 404 too.
            let request = try await client.send(
                .post, "/api/requests", token: carol.token, body: #"{"target":"@ghost","field":"phone"}"#)
            let nobody = try await client.send(
                .post, "/api/requests", token: carol.token, body: #"{"target":"@ghozt","field":"phone"}"#)
            #expect(request.status == .notFound)
            #expect(request.text == hidden.text)
            #expect(nobody.text == missing.text)
        }
    }

    @Test func anAnonymousShadowIsUnlinkableUntilRevealed() async throws {
        let server = try TestServer()
        try await server.test { client in
            let alice = try await client.signUp("alice@example.com", first: "Alice", last: "Stone")
            let bob = try await client.signUp("bob@example.com", first: "Bob", last: "Lane")
            try await Self.call(
                client, .patch, "/api/profiles/primary", alice,
                body: #"{"username":"alice.stone","phone":"+1 555 0199"}"#)
            let primaryId = try #require(
                try await Self.call(client, .get, "/api/profiles/primary", alice)["profileId"] as? String)
            let secrets = ["Alice Stone", "alice.stone", "alice@example.com", "555 0199", primaryId, alice.accountId]

            // Alice shows an anonymous shadow to Friends, where Bob is; Bob knows Alice as a contact.
            try await Self.call(
                client, .post, "/api/contacts", alice, body: #"{"displayName":"Bob","accountEmail":"bob@example.com"}"#,
                expect: .created)
            try await Self.call(client, .post, "/api/circles/Friends/members", alice, body: #"{"contacts":["Bob"]}"#)
            try await Self.call(
                client, .post, "/api/contacts", bob,
                body: #"{"displayName":"Alice","accountEmail":"alice@example.com"}"#,
                expect: .created)
            let shadow = try await Self.call(
                client, .post, "/api/shadows", alice,
                body: #"{"type":"anonymous","displayName":"Night Owl","circles":["Friends"]}"#, expect: .created)
            let shadowId = try #require(shadow["profileId"] as? String)
            try await Self.call(client, .patch, "/api/profile", alice, body: #"{"username":"night.owl","bio":"Hoot"}"#)

            // What Bob gets of the shadow: its own values only.
            let look = try await client.send(.get, "/api/look?username=night.owl", token: bob.token)
            #expect(look.status == .ok)
            #expect(try look.object()["revealedAs"] is NSNull)
            for secret in secrets { #expect(!look.text.contains(secret), "look leaks \(secret)") }
            let preview = try await client.send(
                .get, "/api/view-as/Bob?profile=\(shadowId)", token: alice.token)
            #expect(try preview.object()["revealedAs"] is NSNull)

            // Alice, acting through the shadow (her active persona), asks Bob for his phone: Bob's inbox shows the
            // shadow, never Alice's primary.
            try await Self.call(
                client, .post, "/api/requests", alice, body: #"{"target":"bob@example.com","field":"phone"}"#,
                expect: .created)
            let inbox = try await client.send(.get, "/api/requests", token: bob.token)
            #expect(
                try inbox.array().first.flatMap { $0["from"] as? [String: Any] }?["displayName"] as? String
                    == "Night Owl")
            for secret in secrets { #expect(!inbox.text.contains(secret), "requests leak \(secret)") }
            let requestId = try #require(try inbox.array().first?["requestId"] as? String)
            try await Self.call(client, .post, "/api/requests/\(requestId)/allow", bob)
            let grants = try await client.send(.get, "/api/grants", token: bob.token)
            for secret in secrets { #expect(!grants.text.contains(secret), "grants leak \(secret)") }

            // After reveal, Bob sees who is behind it.
            try await Self.call(client, .post, "/api/shadows/Night%20Owl/reveal", alice)
            let revealed = try await Self.call(client, .get, "/api/look?username=night.owl", bob)
            let revealedAs = try #require(revealed["revealedAs"] as? [String: Any])
            #expect(revealedAs["displayName"] as? String == "Alice Stone")
            #expect(revealedAs["username"] as? String == "alice.stone")
            #expect(revealedAs["profileId"] as? String == primaryId)
        }
    }
}
