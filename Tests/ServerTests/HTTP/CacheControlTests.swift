import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import KithServer

/// Tokens (RFC 6749 section 5.1) and personal data must not be kept by a cache: every `/api/...` response,
/// errors too, says `Cache-Control: no-store`.
@Suite("Cache-Control")
struct CacheControlTests {
    @Test(arguments: [TestingSetup.router, .live])
    func everyAPIResponseIsNoStore(setup: TestingSetup) async throws {
        let server = try TestServer()
        try await server.test(setup) { client in
            let signUp = try await client.send(
                .post, "/api/auth/signup",
                body:
                    #"{"email":"dana@example.com","firstName":"Dana","lastName":"Reyes","password":"correct horse","role":"member"}"#
            )
            #expect(signUp.status == .created)
            #expect(signUp.headers[.cacheControl] == "no-store")
            let signIn = try await client.send(
                .post, "/api/auth/signin", body: #"{"email":"dana@example.com","password":"correct horse"}"#)
            #expect(signIn.status == .ok)
            #expect(signIn.headers[.cacheControl] == "no-store")
            let token = try #require(try signIn.object()["token"] as? String)
            let responses = [
                try await client.send(.get, "/api/me", token: token),
                try await client.send(.get, "/api/contacts", token: token),
                try await client.send(.get, "/api/me"),
                try await client.send(.get, "/api/no-such-thing", token: token),
                try await client.send(.post, "/api/auth/signin", body: "{"),
            ]
            #expect(responses.map(\.status.code) == [200, 200, 401, 404, 400])
            for response in responses { #expect(response.headers[.cacheControl] == "no-store") }
        }
    }
}
