import Crypto
import CryptoExtras
import Foundation
import IdentityOIDC
import JWTKit
import Kernel

/// One signing key of the fake provider: RS256 (as Google) or ES256, with its public JWK.
struct FakeSigningKey: Sendable {
    enum Algorithm: String, Sendable {
        case rs256 = "RS256"
        case es256 = "ES256"
    }

    let kid: String
    let algorithm: Algorithm
    let rsa: JWTKit.Insecure.RSA.PrivateKey?
    let ecdsa: ES256PrivateKey?
    /// The same key as swift-crypto's, to sign bytes jwt-kit would not (`signature(of:)`).
    private let rsaBacking: _RSA.Signing.PrivateKey?
    /// The RSA key's PEM (one of `rsaTestKeys`).
    let rsaPEM: String?
    private let ecdsaBacking: P256.Signing.PrivateKey?

    /// A new key, unlike those of `others`: a random ES256 key, or the next RSA test key (`rsaTestKeys`).
    init(kid: String, algorithm: Algorithm, unlike others: [FakeSigningKey] = []) throws {
        self.kid = kid
        self.algorithm = algorithm
        switch algorithm {
        case .rs256:
            let pem = Self.nextRSATestKey(unlike: others)
            let backing = try _RSA.Signing.PrivateKey(pemRepresentation: pem)
            rsaPEM = pem
            rsaBacking = backing
            rsa = try JWTKit.Insecure.RSA.PrivateKey(backing: backing)
            ecdsaBacking = nil
            ecdsa = nil
        case .es256:
            let backing = P256.Signing.PrivateKey()
            ecdsaBacking = backing
            ecdsa = try ES256PrivateKey(backing: backing)
            rsaPEM = nil
            rsaBacking = nil
            rsa = nil
        }
    }

    /// The JWS signature of `signingInput` (`header.payload`, as ASCII) with this key's algorithm: RSASSA-PKCS1-v1_5
    /// over SHA-256, or ECDSA P-256 over SHA-256 as the raw `r || s` JWS asks.
    func signature(of signingInput: Data) throws -> Data {
        if let rsaBacking {
            return try rsaBacking.signature(for: SHA256.hash(data: signingInput), padding: .insecurePKCS1v1_5)
                .rawRepresentation
        }
        guard let ecdsaBacking else { throw FakeProviderError.noKey }
        return try ecdsaBacking.signature(for: signingInput).rawRepresentation
    }

    /// The public half, as the JWKS shows it.
    func publicJWK() throws -> JWK {
        if let rsa {
            let primitives = try rsa.publicKey.getKeyPrimitives()
            return .rsa(
                .rs256, identifier: JWKIdentifier(string: kid), modulus: Base64URL.encode(primitives.modulus),
                exponent: Base64URL.encode(primitives.publicExponent))
        }
        guard let parameters = ecdsa?.publicKey.parameters else { throw FakeProviderError.noKey }
        return .ecdsa(
            .es256, identifier: JWKIdentifier(string: kid), x: parameters.x, y: parameters.y, curve: .p256)
    }

    /// The public key in PEM: what an attacker would use as an HMAC secret.
    var publicKeyPEM: String {
        rsa?.publicKey.pemRepresentation ?? ecdsa?.publicKey.pemRepresentation ?? ""
    }

    /// Adds the private key to `collection` under `kid` (which may differ from the key's own, to forge).
    func add(to collection: JWTKeyCollection, as kid: String) async {
        if let rsa {
            await collection.add(rsa: rsa, digestAlgorithm: .sha256, kid: JWKIdentifier(string: kid))
        } else if let ecdsa {
            await collection.add(ecdsa: ecdsa, kid: JWKIdentifier(string: kid))
        }
    }
}

/// What went wrong inside the fake provider itself.
enum FakeProviderError: Error {
    case noKey
}
