import Accounts
import Foundation
import Identity
import IdentityOIDC
import IdentityOIDCTesting
import Kernel
import Testing

/// A fake provider on an in-process HTTP client, a verifier of its tokens, a test clock and a log recorder.
struct VerifierFixture {
    let clock = ManualClock()
    let provider: FakeOpenIDProvider
    let verifier: OIDCTokenVerifier
    let log = LogRecorder()
    static let issuer = "http://127.0.0.1:9/google"
    static let clientIds = ["web-client", "ios-client"]
    static let ann = FakeProviderUser(
        subject: "1001", email: "ann@example.com", givenName: "Ann", familyName: "Lee")

    init(es256: Bool = false, keysMaxAge: Int? = 3600, namesKeys: Bool = true) throws {
        provider = try FakeOpenIDProvider(
            issuer: Self.issuer, clientIds: Self.clientIds, user: Self.ann, clock: clock, es256: es256,
            keysMaxAge: keysMaxAge, namesKeys: namesKeys)
        verifier = OIDCTokenVerifier(
            configuration: try provider.configuration(), client: provider, clock: clock, logger: log.logger)
    }

    /// Presents `count` tokens signed by keys the provider never published, `seconds` apart on the clock: each is
    /// refused with DOMAIN.md's sentence.
    func presentUnknownKids(
        _ count: Int, secondsApart seconds: TimeInterval, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for _ in 0..<count {
            let token = try await provider.idToken(FakeTokenOptions(signing: .unknownKey))
            await #expect(throws: IdentityError.providerSignInFailed(.google), sourceLocation: sourceLocation) {
                _ = try await verifier.verify(token, nonce: nil)
            }
            clock.advance(by: seconds)
        }
    }
}

@Suite("ID token verification (a fake provider, jwt-kit)")
struct OIDCTokenVerifierTests {
    @Test(arguments: [false, true])
    func aValidTokenGivesItsClaims(_ es256: Bool) async throws {
        let fixture = try VerifierFixture(es256: es256)
        let token = try await fixture.provider.idToken(FakeTokenOptions(nonce: "n-1"))
        let claims = try await fixture.verifier.verify(token, nonce: "n-1")
        #expect(
            claims
                == VerifiedIDToken(
                    provider: .google, subject: "1001", email: "ann@example.com", emailVerified: true,
                    givenName: "Ann", familyName: "Lee"))
    }

    /// Every bad token: DOMAIN.md's sentence, and the log names the failed check without the token.
    @Test(arguments: [
        (FakeTokenOptions(signing: .wrongKey), "bad_signature"),
        (FakeTokenOptions(signing: .none), "unsupported_algorithm"),
        (FakeTokenOptions(signing: .hmacWithPublicKey), "unsupported_algorithm"),
        (FakeTokenOptions(issuer: "https://accounts.example.org"), "wrong_iss"),
        (FakeTokenOptions(audience: ["someone-else"]), "wrong_aud"),
        (FakeTokenOptions(authorizedParty: "someone-else"), "wrong_azp"),
        (FakeTokenOptions(expiresIn: -1), "expired"),
        (FakeTokenOptions(issuedIn: 120), "iat_in_future"),
        (FakeTokenOptions(nonce: "another"), "nonce_mismatch"),
        (FakeTokenOptions(), "nonce_mismatch"),
    ])
    func aBadTokenIsRefusedAndLoggedByReason(_ options: FakeTokenOptions, _ reason: String) async throws {
        let fixture = try VerifierFixture()
        let token = try await fixture.provider.idToken(options)
        let error = await #expect(throws: IdentityError.self) {
            _ = try await fixture.verifier.verify(token, nonce: "expected-nonce")
        }
        #expect(error == .providerSignInFailed(.google))
        #expect(error?.description == "Google sign-in failed. Please try again.")
        #expect(fixture.log.all.count == 1)
        #expect(fixture.log.all.first?.contains("reason=\(reason)") == true)
        #expect(fixture.log.all.allSatisfy { !$0.contains(token) && !$0.contains(token.split(separator: ".")[1]) })
    }

    @Test func theSkewAllowsAnIssuedAtUpToAMinuteAhead() async throws {
        let fixture = try VerifierFixture()
        let token = try await fixture.provider.idToken(FakeTokenOptions(issuedIn: 60))
        _ = try await fixture.verifier.verify(token, nonce: nil)
        let tooEarly = try await fixture.provider.idToken(FakeTokenOptions(issuedIn: 61))
        await #expect(throws: IdentityError.providerSignInFailed(.google)) {
            _ = try await fixture.verifier.verify(tooEarly, nonce: nil)
        }
    }

    @Test func anyConfiguredClientIdIsAnAudienceAndTheNonceMayComeHashed() async throws {
        let fixture = try VerifierFixture()
        let token = try await fixture.provider.idToken(
            FakeTokenOptions(
                audience: ["ios-client"], authorizedParty: "web-client", nonce: TokenDigest.hexDigest("raw-nonce")))
        #expect(try await fixture.verifier.verify(token, nonce: "raw-nonce").subject == "1001")
    }

    /// The fuzzer's signer (any header and payload bytes, validly signed): the verifier still checks what they say.
    @Test(arguments: [false, true])
    func aTokenSignedFromRawBytesIsCheckedForWhatItSays(_ es256: Bool) async throws {
        let fixture = try VerifierFixture(es256: es256)
        let now = Int(fixture.clock.now().timeIntervalSince1970)
        let payload = Data(
            #"{"iss":"\#(VerifierFixture.issuer)","sub":"7","aud":"web-client","exp":\#(now + 60),"iat":\#(now)}"#.utf8)
        let header = Data(#"{"alg":"\#(es256 ? "ES256" : "RS256")","kid":"key-1"}"#.utf8)
        let token = try fixture.provider.signedToken(header: header, payload: payload)
        #expect(try await fixture.verifier.verify(token, nonce: nil).subject == "7")
        let otherAlgorithm = Data(#"{"alg":"\#(es256 ? "RS256" : "ES256")","kid":"key-1"}"#.utf8)
        let mislabelled = try fixture.provider.signedToken(header: otherAlgorithm, payload: payload)
        await #expect(throws: IdentityError.providerSignInFailed(.google)) {
            _ = try await fixture.verifier.verify(mislabelled, nonce: nil)
        }
    }

    @Test func garbageIsMalformed() async throws {
        let fixture = try VerifierFixture()
        for token in ["", "a.b", "not-base64!.x.y", "e30.e30.e30"] {
            await #expect(throws: IdentityError.providerSignInFailed(.google)) {
                _ = try await fixture.verifier.verify(token, nonce: nil)
            }
        }
        #expect(fixture.log.all.count == 4)
        #expect(fixture.log.all.prefix(3).allSatisfy { $0.contains("reason=malformed_token") })
        #expect(fixture.log.all[3].contains("reason=unsupported_algorithm"))
    }

    @Test func anIssuerMustBeHTTPSOutsideLoopback() {
        #expect(
            throws: OIDCConfigurationError.issuerNotSecure(provider: .google, issuer: "http://accounts.example.org")
        ) {
            _ = try OIDCProviderConfiguration(
                provider: .google, issuer: "http://accounts.example.org", clientIds: ["web"])
        }
        #expect(throws: OIDCConfigurationError.noClientId(.apple)) {
            _ = try OIDCProviderConfiguration(provider: .apple, issuer: "https://appleid.apple.com", clientIds: [])
        }
        #expect(
            (try? OIDCProviderConfiguration(provider: .google, issuer: "https://accounts.google.com/", clientIds: ["w"]))?
                .issuer == "https://accounts.google.com")
    }
}
