import Foundation
import Hummingbird
import HummingbirdTesting
import IdentityOIDC
import IdentityOIDCTesting
import Testing

/// A server whose Google sign-in trusts a fake provider (answering in-process), and that provider.
struct GoogleServer {
    let server: TestServer
    let provider: FakeOpenIDProvider

    static let ann = FakeProviderUser(subject: "g-ann", email: "ann@example.com", givenName: "Ann", familyName: "Lee")

    init() throws {
        var made: FakeOpenIDProvider?
        server = try TestServer { clock in
            let provider = try FakeOpenIDProvider(
                issuer: "http://127.0.0.1:9/google", clientIds: ["web-client"], user: Self.ann, clock: clock)
            made = provider
            return [OIDCTokenVerifier(configuration: try provider.configuration(), client: provider, clock: clock)]
        }
        guard let made else { throw TestFailure("no provider") }
        provider = made
    }

}

extension FakeOpenIDProvider {
    /// `{"idToken": ...}` for a token as `options` asks.
    func body(_ options: FakeTokenOptions = FakeTokenOptions()) async throws -> String {
        let token = try await idToken(options)
        return #"{"idToken":"\#(token)"}"#
    }
}

@Suite("Sign in with Google over HTTP: /api/auth/google, /api/me/identities/{provider}")
struct ProviderSignInRoutesTests {
    @Test func anUnconfiguredProviderAnswers404() async throws {
        let server = try TestServer()
        try await server.test { client in
            let response = try await client.send(.post, "/api/auth/google", body: #"{"idToken":"x"}"#)
            #expect(response.status == .notFound)
            #expect(try response.error().code == "identity.provider_not_configured")
            let dana = try await client.signUp("dana@example.com")
            for method in [HTTPRequest.Method.post, .delete] {
                let link = try await client.send(method, "/api/me/identities/google", token: dana.token, body: "{}")
                #expect(link.status == .notFound, "\(method)")
            }
        }
    }

    /// A provider with one key that names none (OpenID Connect Core 10.1; an Authlib-based one does so): its tokens
    /// sign up and sign in like any other.
    @Test func aTokenWithoutKidFromASingleKeyProviderSignsIn() async throws {
        let google = try GoogleServer()
        let provider = google.provider
        try await google.server.test { client in
            let body = try await provider.body(FakeTokenOptions(signing: .withoutKeyId))
            let first = try await client.send(.post, "/api/auth/google", body: body)
            #expect(first.status == .created, "\(first.text)")
            let again = try await client.send(
                .post, "/api/auth/google", body: try await provider.body(FakeTokenOptions(signing: .withoutKeyId)))
            #expect(again.status == .ok, "\(again.text)")
            #expect(try again.object()["accountId"] as? String == (try first.object()["accountId"] as? String))
        }
    }

    @Test func aNewVerifiedEmailSignsUpThenTheSameSubjectSignsIn() async throws {
        let google = try GoogleServer()
        let provider = google.provider
        try await google.server.test { client in
            let first = try await client.send(.post, "/api/auth/google", body: try await provider.body())
            #expect(first.status == .created)
            #expect(try first.object()["created"] as? Bool == true)
            let again = try await client.send(.post, "/api/auth/google", body: try await provider.body())
            #expect(again.status == .ok)
            #expect(try again.object()["created"] as? Bool == false)
            #expect(try again.object()["accountId"] as? String == first.object()["accountId"] as? String)
            let token = try again.object()["token"] as? String
            let me = try await client.send(.get, "/api/me", token: token)
            #expect(try me.object()["authMethod"] as? String == "google")
            #expect(try me.object()["firstName"] as? String == "Ann")
        }
    }

    @Test func badTokensAreRefusedWithTheSentenceAndCreateNothing() async throws {
        let google = try GoogleServer()
        let provider = google.provider
        try await google.server.test { client in
            for options in [
                FakeTokenOptions(signing: .wrongKey), FakeTokenOptions(signing: .none),
                FakeTokenOptions(signing: .hmacWithPublicKey), FakeTokenOptions(expiresIn: -10),
                FakeTokenOptions(audience: ["other-client"]),
            ] {
                let response = try await client.send(.post, "/api/auth/google", body: try await provider.body(options))
                #expect(response.status == .unauthorized)
                #expect(try response.error().message == "Google sign-in failed. Please try again.")
            }
            let unverified = FakeProviderUser(subject: "g-bo", email: "bo@example.com", emailVerified: false)
            let refused = try await client.send(
                .post, "/api/auth/google", body: try await provider.body(FakeTokenOptions(user: unverified)))
            #expect(refused.status == .forbidden)
            #expect(try refused.error().message == "Your Google email address is not verified")
            // Nothing was created: Ann's email is still free for a password sign-up.
            _ = try await client.signUp("ann@example.com")
        }
    }

    @Test func aPasswordAccountLinksGoogleThenSignsInWithIt() async throws {
        let google = try GoogleServer()
        let provider = google.provider
        try await google.server.test { client in
            let ann = try await client.signUp("ann@example.com", first: "Ann", last: "Lee")
            let refused = try await client.send(.post, "/api/auth/google", body: try await provider.body())
            #expect(refused.status == .conflict)
            #expect(
                try refused.error().message
                    == "An account with this email already exists. Sign in with your password, then link Google.")
            let linked = try await client.send(
                .post, "/api/me/identities/google", token: ann.token, body: try await provider.body())
            #expect(linked.status == .ok)
            #expect(try linked.object()["provider"] as? String == "google")
            #expect(try linked.object()["subject"] as? String == "g-ann")
            let signIn = try await client.send(.post, "/api/auth/google", body: try await provider.body())
            #expect(signIn.status == .ok)
            #expect(try signIn.object()["accountId"] as? String == ann.accountId)

            let bo = try await client.signUp("bo@example.com")
            let elsewhere = try await client.send(
                .post, "/api/me/identities/google", token: bo.token, body: try await provider.body())
            #expect(elsewhere.status == .conflict)
            #expect(try elsewhere.error().message == "This Google account is already linked to another account")

            let unlinked = try await client.send(.delete, "/api/me/identities/google", token: ann.token)
            #expect(unlinked.status == .noContent)
        }
    }

    @Test func theOnlySignInMethodCannotBeUnlinked() async throws {
        let google = try GoogleServer()
        let provider = google.provider
        try await google.server.test { client in
            let created = try await client.send(.post, "/api/auth/google", body: try await provider.body())
            let token = try created.object()["token"] as? String
            let response = try await client.send(.delete, "/api/me/identities/google", token: token)
            #expect(response.status == .conflict)
            #expect(try response.error().message == "Set a password first, or you could not sign in again.")
            let apple = try await client.send(.delete, "/api/me/identities/apple", token: token)
            #expect(apple.status == .notFound)

            let methods = try await client.send(.get, "/api/me/identities", token: token).object()
            #expect(methods["hasPassword"] as? Bool == false)
            let identities = try #require(methods["identities"] as? [[String: Any]])
            #expect(identities.map { $0["subject"] as? String } == ["g-ann"])
            let set = try await client.send(
                .put, "/api/me/password", token: token, body: #"{"newPassword":"first-password"}"#)
            #expect(set.status == .noContent)
            let withPassword = try await client.send(.get, "/api/me/identities", token: token).object()
            #expect(withPassword["hasPassword"] as? Bool == true)
            let missing = try await client.send(
                .put, "/api/me/password", token: token, body: #"{"newPassword":"second-password"}"#)
            #expect(missing.status == .unauthorized)
            let unlinked = try await client.send(.delete, "/api/me/identities/google", token: token)
            #expect(unlinked.status == .noContent)
        }
    }
}
