import Accounts
import Foundation
import Identity
import IdentityOIDC
import IdentityOIDCTesting
import Kernel
import Testing

/// What a provider other than Google may send: ID tokens without `kid` (OpenID Connect Core 10.1), JWKS without
/// Cache-Control, and JOSE headers with `crit` (RFC 7515 4.1.11).
@Suite("ID token headers: crit, no kid, JWKS without Cache-Control")
struct HeaderEdgeCasesTests {
    /// A validly signed token of `header` with claims for the fixture's provider.
    static func token(_ fixture: VerifierFixture, header: String) throws -> String {
        let now = Int(fixture.clock.now().timeIntervalSince1970)
        let payload =
            #"{"iss":"\#(VerifierFixture.issuer)","sub":"7","aud":"web-client","exp":\#(now + 60),"iat":\#(now)}"#
        return try fixture.provider.signedToken(header: Data(header.utf8), payload: Data(payload.utf8))
    }

    @Test(arguments: [
        #"{"alg":"RS256","kid":"key-1","crit":["exp"],"exp":1}"#,
        #"{"alg":"RS256","kid":"key-1","crit":["b64"],"b64":true}"#,
        #"{"alg":"RS256","kid":"key-1","crit":[]}"#,
        #"{"alg":"RS256","kid":"key-1","crit":"b64"}"#,
        #"{"alg":"RS256","crit":["x-unknown"],"x-unknown":1}"#,
    ])
    func aHeaderWithCritIsRefused(_ header: String) async throws {
        let fixture = try VerifierFixture()
        let token = try Self.token(fixture, header: header)
        await #expect(throws: IdentityError.providerSignInFailed(.google)) {
            _ = try await fixture.verifier.verify(token, nonce: nil)
        }
        #expect(fixture.log.all.first?.contains("reason=unknown_crit") == true, "\(fixture.log.all)")
        // The same signature and claims without `crit` verify: only `crit` was refused.
        let plain = try Self.token(fixture, header: #"{"alg":"RS256","kid":"key-1"}"#)
        #expect(try await fixture.verifier.verify(plain, nonce: nil).subject == "7")
    }

    @Test(arguments: [(false, true), (false, false), (true, true), (true, false)])
    func aTokenWithoutKidIsVerifiedWithTheOnlyKey(_ es256: Bool, _ namesKeys: Bool) async throws {
        let fixture = try VerifierFixture(es256: es256, namesKeys: namesKeys)
        let token = try await fixture.provider.idToken(FakeTokenOptions(signing: .withoutKeyId, nonce: "n"))
        let header = try #require(Base64URL.decode(token.split(separator: ".")[0]))
        #expect(!String(decoding: header, as: UTF8.self).contains("kid"))
        #expect(try await fixture.verifier.verify(token, nonce: "n").subject == "1001")
        // Still its signature that counts: a forged kid-less token is refused.
        let payload = try #require(Base64URL.decode(token.split(separator: ".")[1]))
        let forged = token.split(separator: ".")[0] + "." + Base64URL.encode(payload) + "." + Base64URL.encode([1, 2])
        await #expect(throws: IdentityError.providerSignInFailed(.google)) {
            _ = try await fixture.verifier.verify(String(forged), nonce: "n")
        }
        #expect(fixture.log.all.last?.contains("reason=bad_signature") == true, "\(fixture.log.all)")
    }

    @Test func withTwoKeysATokenWithoutKidIsRefused() async throws {
        let fixture = try VerifierFixture()
        try fixture.provider.addKey()
        let token = try await fixture.provider.idToken(FakeTokenOptions(signing: .withoutKeyId))
        await #expect(throws: IdentityError.providerSignInFailed(.google)) {
            _ = try await fixture.verifier.verify(token, nonce: nil)
        }
        #expect(fixture.log.all.first?.contains("reason=missing_kid") == true, "\(fixture.log.all)")
        // Named, the same key verifies.
        #expect(try await fixture.verifier.verify(try await fixture.provider.idToken(), nonce: nil).subject == "1001")
    }

    @Test func anEmptyKidIsRefused() async throws {
        let fixture = try VerifierFixture()
        let token = try Self.token(fixture, header: #"{"alg":"RS256","kid":""}"#)
        await #expect(throws: IdentityError.providerSignInFailed(.google)) {
            _ = try await fixture.verifier.verify(token, nonce: nil)
        }
        #expect(fixture.log.all.first?.contains("reason=missing_kid") == true)
    }

    /// Without Cache-Control the keys are kept a minute: made-up `kid`s (or tokens under the real one) cannot make
    /// a fetch each.
    @Test func withoutCacheControlThirtyMadeUpKidsFetchOnce() async throws {
        let fixture = try VerifierFixture(keysMaxAge: nil)
        try await fixture.presentUnknownKids(30, secondsApart: 1)
        #expect(fixture.provider.jwksFetches == 1)
        #expect(fixture.log.all.filter { $0.contains("reason=unknown_kid") }.count == 30)
        // Valid tokens meanwhile use the same keys.
        for _ in 0..<5 { _ = try await fixture.verifier.verify(try await fixture.provider.idToken(), nonce: nil) }
        #expect(fixture.provider.jwksFetches == 1)
        // After the minute the keys are fetched again, once, whatever arrives.
        fixture.clock.advance(by: 31)
        for _ in 0..<10 {
            let token = try await fixture.provider.idToken(FakeTokenOptions(signing: .unknownKey))
            _ = try? await fixture.verifier.verify(token, nonce: nil)
        }
        #expect(fixture.provider.jwksFetches == 2)
        // A rotation is still picked up: the next minute's first sign-in with the new key refetches.
        try fixture.provider.rotateKeys()
        fixture.clock.advance(by: 60)
        #expect(try await fixture.verifier.verify(try await fixture.provider.idToken(), nonce: nil).subject == "1001")
        #expect(fixture.provider.jwksFetches == 3)
    }
}
