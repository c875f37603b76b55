import Crypto
import Dispatch
import Foundation
import Identity
import IdentityOIDC
import IdentityOIDCTesting
import Synchronization

/// The ID-token parser of Google and Apple sign-in (`OIDCTokenVerifier` over jwt-kit), against two fake providers
/// (RS256 and ES256 keys) on an in-process HTTP client and a fixed clock. The first byte picks how the rest is used:
///
/// - `0 mod 3`, raw: the rest is the token.
/// - `1 mod 3`, signed: the rest is `header NUL payload` (or only a payload, under the provider's own header), validly
///   signed by the fake, so the fuzzer reaches the header and claim checks behind the signature.
/// - `2 mod 3`, tampered: a valid token of the fake with bytes of the rest written over it (`position, byte` pairs).
///
/// Bit 2 picks the provider, bit 3 whether a nonce is expected. In every mode a refusal is
/// `IdentityError.providerSignInFailed` and nothing else, and an accepted token is one the fake signed: in raw mode one
/// it returned in this process; signed, one whose header names the provider's algorithm and key and whose claims pass
/// DOMAIN.md's checks, restated here; tampered, one whose three parts decode to the valid token's bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIDToken(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    guard let selector = bytes.first else { return 0 }
    let provider = selector & 4 == 0 ? fixture.rs256 : fixture.es256
    let nonce = selector & 8 == 0 ? nil : Fixture.nonce
    let rest = Array(bytes.dropFirst())
    switch selector % 3 {
    case 0:
        let token = String(decoding: rest, as: UTF8.self)
        guard let verified = verify(token, by: provider, nonce: nonce) else { return 0 }
        guard fixture.signed.withLock({ $0.contains(Digest(token)) }) else {
            fatalError("accepted a token the fake never signed: \(token.debugDescription) as \(verified)")
        }
    case 1:
        let split = rest.firstIndex(of: 0)
        let header = split.map { Data(rest[..<$0]) } ?? provider.header
        let payload = Data(split.map { rest[($0 + 1)...] } ?? rest[...])
        guard let token = try? provider.fake.signedToken(header: header, payload: payload) else {
            fatalError("the fake could not sign")
        }
        fixture.signed.withLock { _ = $0.insert(Digest(token)) }
        guard let verified = verify(token, by: provider, nonce: nonce) else { return 0 }
        if let wrong = provider.wrongness(header: header, payload: payload, nonce: nonce, verified: verified) {
            fatalError("accepted a token whose \(wrong) is wrong: \(token)")
        }
    default:
        var token = Array(provider.validToken.utf8)
        for pair in stride(from: 0, to: rest.count - 1, by: 2) {
            token[Int(rest[pair]) * token.count / 256] = rest[pair + 1]
        }
        let tampered = String(decoding: token, as: UTF8.self)
        guard verify(tampered, by: provider, nonce: nil) != nil else { return 0 }
        guard decodedParts(tampered) == decodedParts(provider.validToken) else {
            fatalError("accepted a tampered token: \(tampered.debugDescription)")
        }
    }
    return 0
}

/// Makes the fixture and has each verifier fetch and cache its provider's keys before the first input: what lives for
/// the whole run is then no leak of that input.
@_cdecl("LLVMFuzzerInitialize")
public func initializeIDTokenFuzzing(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    // Swift keeps some references as tagged pointers (in `Data`, in large `String`s), which LeakSanitizer cannot
    // follow: the fixture's own, made once, are left out of its reports (sanitizer/lsan_interface.h).
    leakSanitizer("__lsan_disable")
    defer { leakSanitizer("__lsan_enable") }
    for provider in [fixture.rs256, fixture.es256] where verify(provider.validToken, by: provider, nonce: nil) == nil {
        fatalError("the fake's own \(provider.algorithm) token is refused")
    }
    return 0
}

/// Calls LeakSanitizer's `function` (one of its `void f(void)` switches).
func leakSanitizer(_ function: String) {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), function) else { fatalError("no \(function)") }
    unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)()
}

/// The verifier's answer: the verified claims, nil for the one refusal, a trap for any other error.
func verify(_ token: String, by provider: Provider, nonce: String?) -> VerifiedIDToken? {
    let verifier = provider.verifier
    let result = waitFor { try await verifier.verify(token, nonce: nonce) }
    switch result {
    case .success(let verified): return verified
    case .failure(let error as IdentityError) where error == .providerSignInFailed(.google):
        guard error.description == "Google sign-in failed. Please try again." else { fatalError("\(error)") }
        return nil
    case .failure(let error): fatalError("refused with another error: \(error) for \(token.debugDescription)")
    }
}

/// A token's three parts, base64url-decoded (nil for a part that is not base64url).
func decodedParts(_ token: String) -> [Data?] {
    token.split(separator: ".", omittingEmptySubsequences: false).map { Base64URL.decode($0) }
}

/// Runs `body` on the concurrency pool and waits for it on this (libFuzzer's own) thread.
func waitFor<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> Result<T, any Error> {
    let result = Mutex<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let outcome: Result<T, any Error>
        do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
        result.withLock { $0 = outcome }
        done.signal()
    }
    done.wait()
    guard let outcome = result.withLock({ $0 }) else { fatalError("the task ended without a result") }
    return outcome
}

// MARK: - Fixture

/// One fake provider with its verifier, the header it signs under and one valid token of it.
struct Provider: Sendable {
    let fake: FakeOpenIDProvider
    let verifier: OIDCTokenVerifier
    let algorithm: String
    let header: Data
    let validToken: String

    init(es256: Bool) {
        do {
            fake = try FakeOpenIDProvider(
                issuer: Fixture.issuer, clientIds: Fixture.clientIds,
                user: FakeProviderUser(subject: "1001", email: "ann@example.com"), clock: Fixture.clock, es256: es256)
            verifier = OIDCTokenVerifier(configuration: try fake.configuration(), client: fake, clock: Fixture.clock)
            algorithm = es256 ? "ES256" : "RS256"
            header = Data(#"{"alg":"\#(algorithm)","kid":"\#(fake.currentKeyId)","typ":"JWT"}"#.utf8)
            let fake = fake
            validToken = try waitFor { try await fake.idToken() }.get()
        } catch {
            fatalError("no fake provider: \(error)")
        }
    }

    /// What is wrong with an accepted token of these parts, by DOMAIN.md's checks written out again; nil if nothing.
    func wrongness(header: Data, payload: Data, nonce: String?, verified: VerifiedIDToken) -> String? {
        guard let head = try? JSONDecoder().decode(Header.self, from: header) else { return "header" }
        guard head.alg == algorithm else { return "alg" }
        guard head.kid == fake.currentKeyId else { return "kid" }
        guard let claims = try? JSONDecoder().decode(Claims.self, from: payload) else { return "payload" }
        let now = Fixture.clock.now().timeIntervalSince1970
        guard claims.iss == Fixture.issuer else { return "iss" }
        guard claims.aud?.contains(where: Fixture.clientIds.contains) == true else { return "aud" }
        guard claims.azp.map({ Fixture.clientIds.contains($0) }) ?? true else { return "azp" }
        guard let exp = claims.exp, exp > now else { return "exp" }
        guard let iat = claims.iat, iat <= now + OIDCTokenVerifier.allowedSkew else { return "iat" }
        guard let sub = claims.sub, !sub.isEmpty, verified.subject == sub else { return "sub" }
        guard verified.email == claims.email ?? "" else { return "email" }
        if let nonce, claims.nonce != nonce, claims.nonce != TokenDigest.hexDigest(nonce) { return "nonce" }
        return nil
    }

    struct Header: Decodable {
        var alg: String?
        var kid: String?
    }

    /// The claims as DOMAIN.md names them, each read on its own so one odd claim does not hide the others.
    struct Claims: Decodable {
        var iss, sub, azp, nonce, email: String?
        var aud: [String]?
        var exp, iat: Double?

        enum CodingKeys: String, CodingKey {
            case iss, sub, azp, nonce, email, aud, exp, iat
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            iss = try? container.decode(String.self, forKey: .iss)
            sub = try? container.decode(String.self, forKey: .sub)
            azp = try? container.decode(String.self, forKey: .azp)
            nonce = try? container.decode(String.self, forKey: .nonce)
            email = try? container.decode(String.self, forKey: .email)
            aud =
                (try? container.decode(String.self, forKey: .aud)).map { [$0] }
                ?? (try? container.decode([String].self, forKey: .aud))
            exp = try? container.decode(Double.self, forKey: .exp)
            iat = try? container.decode(Double.self, forKey: .iat)
        }
    }
}

/// The two providers, made once per process; `signed` holds the digest of every token the fakes signed.
final class Fixture: Sendable {
    static let issuer = "https://accounts.example.com"
    static let clientIds = ["kith-web", "kith-ios"]
    static let nonce = "fuzz-nonce"
    /// 2025-01-01T00:00:00Z, fixed: the seeds' `exp` and `iat` stay meaningful.
    static let clock = ManualClock()

    let rs256: Provider
    let es256: Provider
    let signed: Mutex<Set<Digest>>

    init() {
        rs256 = Provider(es256: false)
        es256 = Provider(es256: true)
        signed = Mutex([Digest(rs256.validToken), Digest(es256.validToken)])
    }
}

let fixture = Fixture()

/// A token's SHA-256, held as plain words: LeakSanitizer cannot follow the tagged pointers of a large `String`, so a
/// set of strings kept across inputs would read as leaks.
struct Digest: Hashable, Sendable {
    let words: (UInt64, UInt64, UInt64, UInt64)

    init(_ token: String) {
        words = SHA256.hash(data: Data(token.utf8)).withUnsafeBytes { bytes in
            (
                bytes.load(fromByteOffset: 0, as: UInt64.self), bytes.load(fromByteOffset: 8, as: UInt64.self),
                bytes.load(fromByteOffset: 16, as: UInt64.self), bytes.load(fromByteOffset: 24, as: UInt64.self)
            )
        }
    }

    static func == (left: Digest, right: Digest) -> Bool { left.words == right.words }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}
