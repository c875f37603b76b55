import Accounts
import Foundation
import Identity
import JWTKit
import Kernel
import Logging
import Networking

/// Verifies ID tokens of one OpenID Connect provider as DOMAIN.md lists: the JWS signature (RS256 or ES256 only, no
/// `crit` extensions) with the provider's key named by `kid` (without one, the provider's only key of that type),
/// then `iss`, `aud` / `azp` against the configured client ids, `exp`,
/// `iat` (at most 60 s ahead) and the nonce. A refusal is logged with its reason, never with the token, and
/// thrown as "Google sign-in failed. Please try again.".
public struct OIDCTokenVerifier: IDTokenVerifier {
    /// How far ahead of this clock a token's `iat` may be (clocks drift).
    public static let allowedSkew: TimeInterval = 60
    /// The only signature algorithms accepted: asymmetric, so a public key can never sign.
    static let algorithms: Set<String> = ["RS256", "ES256"]

    public let configuration: OIDCProviderConfiguration
    /// The provider's keys and their cache, shared by every verification of this verifier.
    public let keys: ProviderKeys
    let clock: any WallClock
    let logger: Logger

    /// A verifier for `configuration`, fetching keys through `client`; refusals go to `logger` (by default nowhere:
    /// the server passes its own, a CLI shows the sentence only).
    public init(
        configuration: OIDCProviderConfiguration, client: any HTTPClient, clock: any WallClock = SystemClock(),
        logger: Logger = Logger(label: "kith.oidc", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.configuration = configuration
        keys = ProviderKeys(configuration: configuration, client: client, clock: clock)
        self.clock = clock
        self.logger = logger
    }

    public var provider: IdentityProvider { configuration.provider }

    public func verify(_ idToken: String, nonce: String?) async throws -> VerifiedIDToken {
        do {
            return try await check(idToken, nonce: nonce)
        } catch let failure as VerificationFailure {
            logger.notice(
                "ID token refused",
                metadata: ["provider": "\(provider.rawValue)", "reason": "\(failure.rawValue)"])
            throw IdentityError.providerSignInFailed(provider)
        }
    }

    func check(_ idToken: String, nonce: String?) async throws -> VerifiedIDToken {
        let header = try Self.header(of: idToken)
        guard let algorithm = header.alg, Self.algorithms.contains(algorithm) else {
            throw VerificationFailure.unsupportedAlgorithm
        }
        // RFC 7515 4.1.11: extensions listed as critical must be understood, and this verifier understands none.
        guard header.crit == nil else { throw VerificationFailure.unknownCriticalHeader }
        if header.kid?.isEmpty == true { throw VerificationFailure.missingKeyId }
        var jwk = try await keys.key(kid: header.kid, keyType: algorithm == "ES256" ? .ecdsa : .rsa)
        if let keyAlgorithm = jwk.algorithm, keyAlgorithm.rawValue != algorithm {
            throw VerificationFailure.unsupportedAlgorithm
        }
        let claims: IDTokenClaims
        do {
            // A collection of this one key: jwt-kit would fall back to another key for an unknown `kid`. A token
            // without `kid` is verified with it as the collection's default, which jwt-kit adds only under a name.
            jwk.keyIdentifier = jwk.keyIdentifier ?? JWKIdentifier(string: "the provider's only key")
            let collection = JWTKeyCollection()
            try await collection.add(jwk: jwk)
            claims = try await collection.verify(idToken, as: IDTokenClaims.self)
        } catch {
            throw VerificationFailure.badSignature
        }
        try checkClaims(claims, nonce: nonce)
        return VerifiedIDToken(
            provider: provider, subject: claims.sub, email: claims.email ?? "", emailVerified: claims.emailVerified,
            givenName: claims.givenName, familyName: claims.familyName)
    }

    func checkClaims(_ claims: IDTokenClaims, nonce: String?) throws(VerificationFailure) {
        guard claims.iss == configuration.issuer else { throw .wrongIssuer }
        guard claims.aud.contains(where: configuration.clientIds.contains) else { throw .wrongAudience }
        if let azp = claims.azp, !configuration.clientIds.contains(azp) { throw .wrongAuthorizedParty }
        let now = clock.now().timeIntervalSince1970
        guard claims.exp > now else { throw .expired }
        guard claims.iat <= now + Self.allowedSkew else { throw .issuedInFuture }
        guard !claims.sub.isEmpty else { throw .missingSubject }
        if let nonce {
            // Providers return the nonce as sent, or (Apple, for native apps) its SHA-256 in hex.
            guard let tokenNonce = claims.nonce, tokenNonce == nonce || tokenNonce == TokenDigest.hexDigest(nonce)
            else { throw .nonceMismatch }
        }
    }

    /// The JOSE header's `alg` and `kid`, read before anything is trusted.
    static func header(of token: String) throws(VerificationFailure) -> JOSEHeader {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = Base64URL.decode(parts[0]).map({ Data($0) }),
            let header = try? JSONDecoder().decode(JOSEHeader.self, from: data)
        else { throw .malformedToken }
        return header
    }

    struct JOSEHeader: Decodable {
        var alg: String?
        var kid: String?
        /// Present at all (even empty, which RFC 7515 forbids) means refused; any JSON value decodes, so a `crit`
        /// of an unexpected type is refused for `crit`, not passed over.
        var crit: CriticalHeader?
    }

    /// Whatever `crit` holds: only its presence matters.
    struct CriticalHeader: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}
