import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import KithServer

@Suite("Request limits and errors")
struct LimitsTests {
    @Test(arguments: [TestingSetup.router, .live])
    func aBodyOverTheLimitIs413(setup: TestingSetup) async throws {
        let server = try TestServer()
        try await server.test(setup) { client in
            let dana = try await client.signUp("dana@example.com")
            let big = #"{"name":""# + String(repeating: "a", count: 70 * 1024) + #""}"#
            for (path, token) in [("/api/auth/signup", nil), ("/api/households", dana.token)] {
                let response = try await client.send(.post, path, token: token, body: big)
                #expect(response.status == .contentTooLarge, "\(path)")
                #expect(try response.error().code == "payload_too_large")
            }
        }
    }

    @Test func malformedJSONIs400WithAClearMessage() async throws {
        let server = try TestServer()
        try await server.test { client in
            let dana = try await client.signUp("dana@example.com")
            let cases: [(String, String, String)] = [
                ("/api/households", #"{"name": "#, "The request body is not valid JSON"),
                ("/api/households", "[1, 2]", "The request body must be a JSON object"),
                ("/api/households", "{}", #"Missing field "name""#),
                ("/api/households", #"{"name": 7}"#, #"Field "name" must be a string"#),
                ("/api/circles/Family/members", #"{"contacts": "Cal"}"#, #"Field "contacts" must be a list"#),
                ("/api/me/role", #"{"role": "captain"}"#, #"Field "role" must be one of: player, parent, member"#),
            ]
            for (path, body, message) in cases {
                let method: HTTPRequest.Method = path == "/api/me/role" ? .put : .post
                let response = try await client.send(method, path, token: dana.token, body: body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(try response.error().message == message, "\(body)")
            }
            let empty = try await client.send(.post, "/api/households", token: dana.token)
            #expect(empty.status == .badRequest)
            #expect(try empty.error().message == "The request body is empty: send a JSON object")
            let signup = try await client.send(.post, "/api/auth/signup", body: "not json")
            #expect(signup.status == .badRequest)
            #expect(try signup.error().code == "invalid_json")
        }
    }

    @Test func domainRefusalsKeepTheirSentences() async throws {
        let server = try TestServer()
        try await server.test { client in
            _ = try await client.signUp("dana@example.com")
            let taken = try await client.send(
                .post, "/api/auth/signup",
                body: #"{"email":"DANA@example.com","firstName":"D","lastName":"R","password":"long enough"}"#)
            #expect(taken.status == .conflict)
            #expect(try taken.error() == ("identity.email_taken", "An account with this email already exists"))
            let email = try await client.send(
                .post, "/api/auth/signup",
                body: #"{"email":"nope","firstName":"D","lastName":"R","password":"long enough"}"#)
            #expect(email.status == .badRequest)
            #expect(try email.error().message == "Please enter a valid email address")
            let password = try await client.send(
                .post, "/api/auth/signup",
                body: #"{"email":"x@example.com","firstName":"D","lastName":"R","password":"short"}"#)
            #expect(try password.error().message == "Passwords must be 8 to 256 characters")
        }
    }

    @Test func unknownRoutesAre404JSON() async throws {
        let server = try TestServer()
        try await server.test { client in
            for path in ["/nothing", "/api/nothing", "/api"] {
                let response = try await client.send(.get, path)
                #expect(response.status == .notFound, "\(path)")
                #expect(try response.error().code == "not_found")
            }
        }
    }

    @Test func aKnownPathAskedWithAnotherMethodIs405WithAllow() async throws {
        let server = try TestServer()
        try await server.test { client in
            let health = try await client.send(.delete, "/health")
            #expect(health.status == .methodNotAllowed)
            #expect(try health.error().code == "method_not_allowed")
            #expect(try health.error().message == "This endpoint does not take that method")
            #expect(health.headers[.allow] == "GET")
            // Paths with parameters too, before any sign-in (the route exists whoever asks).
            let contact = try await client.send(.get, "/api/contacts/anyone")
            #expect(contact.status == .methodNotAllowed)
            #expect(contact.headers[.allow] == "DELETE, PATCH")
            // A path no route has is still 404, and a right method still reaches its route.
            #expect(try await client.send(.delete, "/api/contacts/anyone/else").status == .notFound)
            #expect(try await client.send(.get, "/health").status == .ok)
        }
    }

    @Test func the21stFailedJoinFromOneAddressIs429WithRetryAfter() async throws {
        let server = try TestServer()
        let clock = server.clock
        try await server.test(.live) { client in
            let player = try await client.signUp("player@example.com", last: "Stone", role: "player")
            let code = try await client.send(.get, "/api/family/code", token: player.token).object()["code"] as? String
            // Four failures per account stay under the per-account limit (5): only the address limit is reached.
            var parents: [TestAccount] = []
            for index in 0..<6 { parents.append(try await client.signUp("parent\(index)@example.com", role: "parent")) }
            var failures = 0
            for parent in parents.prefix(5) {
                for _ in 0..<4 {
                    let miss = try await client.send(
                        .post, "/api/family/code/join", token: parent.token, body: #"{"familyCode":"FAM-000000"}"#)
                    #expect(miss.status == .notFound)
                    #expect(try miss.error().message == "Family code not found. Please check and try again.")
                    failures += 1
                }
            }
            #expect(failures == 20)
            let fresh = parents[5]
            for body in [#"{"familyCode":"FAM-000000"}"#, #"{"familyCode":"\#(code ?? "")"}"#] {
                let locked = try await client.send(.post, "/api/family/code/join", token: fresh.token, body: body)
                #expect(locked.status == .tooManyRequests)
                #expect(locked.headers[.retryAfter] == "300")
                #expect(try locked.error().code == "familyCodes.rate_limited")
                #expect(try locked.error().message.hasPrefix("Too many attempts. Please wait 5 minutes."))
            }
            // Five minutes after the 20th failure the address may join again.
            clock.advance(by: 5 * 60)
            let joined = try await client.send(
                .post, "/api/family/code/join", token: fresh.token, body: #"{"code":"\#(code?.lowercased() ?? "")"}"#)
            #expect(joined.status == .ok)
            #expect(try joined.object()["message"] as? String == "Successfully joined family")
        }
    }

    @Test func theAccountLimitIs429Too() async throws {
        let server = try TestServer()
        try await server.test { client in
            let parent = try await client.signUp("parent@example.com", role: "parent")
            for _ in 0..<5 {
                _ = try await client.send(
                    .post, "/api/family/code/join", token: parent.token, body: #"{"familyCode":"FAM-ZZZZZZ"}"#)
            }
            let locked = try await client.send(
                .post, "/api/family/code/join", token: parent.token, body: #"{"familyCode":"FAM-ZZZZZZ"}"#)
            #expect(locked.status == .tooManyRequests)
            #expect(locked.headers[.retryAfter] == "300")
            let malformed = try await client.send(
                .post, "/api/family/code/join", token: parent.token, body: #"{"familyCode":"nope"}"#)
            #expect(malformed.status == .badRequest)
            #expect(try malformed.error().message == "Invalid family code format. Codes look like FAM-XXXXXX")
        }
    }
}
