import Foundation
import Networking
import Testing

/// The JWKS refetch rules through a real `kith-server` and the `kith-fake-oidc` provider, fetches counted by the
/// provider: a rotation costs one refetch, and tokens with made-up `kid`s cannot make the server hammer the provider.
@Suite("Google keys end to end: rotation and the unknown-kid limit")
struct ProviderKeyRotationEndToEndTests {
    let folder = makeTemporaryFolder("kith-e2e-keys-")

    /// `POST /api/auth/google` with `idToken`: the status and the body.
    func signIn(_ server: KithServerProcess, _ idToken: String) async throws -> HTTPResponse {
        let url = try #require(URL(string: server.url + "/api/auth/google"))
        return try await CurlHTTPClient().send(
            HTTPRequest(
                method: .post, url: url, headers: ["Content-Type": "application/json"],
                body: Data(#"{"idToken":"\#(idToken)"}"#.utf8)))
    }

    func startServer(for provider: FakeProviderProcess) async throws -> KithServerProcess {
        try await KithServerProcess.start(
            in: folder,
            arguments: ["--google-client-id", FakeProviderProcess.clientId, "--google-issuer", provider.issuer])
    }

    @Test func aRotationCostsOneRefetchAndTheNextSignInSucceeds() async throws {
        let provider = try await FakeProviderProcess.start(
            email: "fay@example.com", subject: "fay-1", log: folder + "/provider.log")
        defer { provider.stop() }
        let server = try await startServer(for: provider)
        defer { server.stop() }

        let first = try await signIn(server, try await provider.idToken())
        #expect(first.status == 201, "\(first.text)")
        #expect(try await provider.jwksFetches() == 1)
        let cached = try await signIn(server, try await provider.idToken())
        #expect(cached.status == 200, "\(cached.text)")
        #expect(try await provider.jwksFetches() == 1)

        try await provider.rotateKeys()
        let rotated = try await signIn(server, try await provider.idToken())
        #expect(rotated.status == 200, "\(rotated.text)")
        #expect(try await provider.jwksFetches() == 2)
    }

    @Test func aHundredSignInsWithUnknownKidsCauseAtMostOneFetch() async throws {
        // ES256: each unknown kid is a new key pair, instant on P-256.
        let provider = try await FakeProviderProcess.start(
            email: "fay@example.com", subject: "fay-1", log: folder + "/provider.log", es256: true)
        defer { provider.stop() }
        let server = try await startServer(for: provider)
        defer { server.stop() }
        #expect(try await signIn(server, try await provider.idToken()).status == 201)
        let before = try await provider.jwksFetches()

        var tokens: [String] = []
        for _ in 0..<100 { tokens.append(try await provider.idToken(unknownKey: true)) }
        // All at once, so most arrive while the one refetch is under way.
        let statuses = try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
            for token in tokens { group.addTask { try await signIn(server, token) } }
            return try await group.reduce(into: [HTTPResponse]()) { $0.append($1) }
        }
        #expect(statuses.count == 100)
        #expect(statuses.allSatisfy { $0.status == 401 })
        #expect(statuses.allSatisfy { $0.text.contains("Google sign-in failed. Please try again.") })
        // At most one: the first unknown kid refetches, the other 99 find the minute not yet over.
        #expect(try await provider.jwksFetches() - before == 1)

        // The known key still signs in, from the cache.
        #expect(try await signIn(server, try await provider.idToken()).status == 200)
        #expect(try await provider.jwksFetches() - before == 1)
        let log = try String(contentsOfFile: server.log, encoding: .utf8)
        #expect(!log.contains("eyJ"))
    }
}
