import Accounts
import Foundation
import Identity
import IdentityOIDC
import IdentityOIDCTesting
import Testing

@Suite("Provider keys: discovery, Cache-Control, refetch on an unknown kid")
struct ProviderKeysTests {
    @Test func keysAreFetchedOnceWhileTheCacheAllows() async throws {
        let fixture = try VerifierFixture()
        for _ in 0..<5 {
            _ = try await fixture.verifier.verify(try await fixture.provider.idToken(), nonce: nil)
        }
        #expect(fixture.provider.jwksFetches == 1)
        fixture.clock.advance(by: TimeInterval(fixture.provider.keysMaxAge ?? 0) + 1)
        _ = try await fixture.verifier.verify(try await fixture.provider.idToken(), nonce: nil)
        #expect(fixture.provider.jwksFetches == 2)
    }

    @Test func afterARotationTheNextSignInSucceedsAfterOneRefetch() async throws {
        let fixture = try VerifierFixture()
        _ = try await fixture.verifier.verify(try await fixture.provider.idToken(), nonce: nil)
        try fixture.provider.rotateKeys()
        let claims = try await fixture.verifier.verify(try await fixture.provider.idToken(), nonce: nil)
        #expect(claims.subject == "1001")
        #expect(fixture.provider.jwksFetches == 2)
        #expect(await fixture.verifier.keys.fetches == 2)
    }

    @Test func aHundredUnknownKidsFetchAtMostOnceAMinute() async throws {
        // ES256: each unknown key is a new key pair, instant on P-256.
        let fixture = try VerifierFixture(es256: true)
        _ = try await fixture.verifier.verify(try await fixture.provider.idToken(), nonce: nil)
        try await fixture.presentUnknownKids(100, secondsApart: 0.5)
        // 50 s of attempts: the first fetch, then one refetch for the first unknown kid.
        #expect(fixture.provider.jwksFetches == 2)
        #expect(fixture.log.all.filter { $0.contains("reason=unknown_kid") }.count == 100)
        fixture.clock.advance(by: 11)
        let token = try await fixture.provider.idToken(FakeTokenOptions(signing: .unknownKey))
        await #expect(throws: IdentityError.self) { _ = try await fixture.verifier.verify(token, nonce: nil) }
        #expect(fixture.provider.jwksFetches == 3)
    }

    @Test func afterARotationConcurrentSignInsWithTheNewKeyShareOneRefetchAndAllSucceed() async throws {
        let fixture = try VerifierFixture()
        _ = try await fixture.verifier.verify(try await fixture.provider.idToken(), nonce: nil)
        try fixture.provider.rotateKeys()
        var tokens: [String] = []
        for _ in 0..<8 { tokens.append(try await fixture.provider.idToken()) }
        try await withThrowingTaskGroup(of: String.self) { group in
            for token in tokens { group.addTask { try await fixture.verifier.verify(token, nonce: nil).subject } }
            for try await subject in group { #expect(subject == "1001") }
        }
        #expect(fixture.provider.jwksFetches == 2)
    }

    @Test func concurrentSignInsShareOneFetch() async throws {
        let fixture = try VerifierFixture()
        var tokens: [String] = []
        for _ in 0..<8 { tokens.append(try await fixture.provider.idToken()) }
        try await withThrowingTaskGroup(of: String.self) { group in
            for token in tokens { group.addTask { try await fixture.verifier.verify(token, nonce: nil).subject } }
            for try await subject in group { #expect(subject == "1001") }
        }
        #expect(fixture.provider.jwksFetches == 1)
    }

    @Test(
        arguments: [
            ("public, max-age=3600", 3600.0), ("max-age=999999", 86400.0), ("no-store", 0.0),
            ("max-age=60, no-cache", 0.0), (nil, 0.0), ("private", 0.0),
        ] as [(String?, TimeInterval)])
    func cacheAgeFollowsCacheControlUpToADay(_ header: String?, _ seconds: TimeInterval) {
        #expect(ProviderKeys.cacheAge(header) == seconds)
    }
}
