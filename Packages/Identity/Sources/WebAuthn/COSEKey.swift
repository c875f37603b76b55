import Crypto
import CryptoExtras

/// The COSE algorithms a passkey may use (the creation options list them in this order of preference).
public enum COSEAlgorithm: Int, Sendable, Hashable, CaseIterable {
    /// ECDSA on P-256 with SHA-256; signatures DER-encoded. Every passkey authenticator supports it.
    case es256 = -7
    /// Ed25519.
    case edDSA = -8
    /// RSASSA-PKCS1-v1_5 with SHA-256.
    case rs256 = -257
}

/// A credential's public key as its COSE_Key (RFC 9053) bytes, what a store keeps, read into swift-crypto's key.
public struct COSEPublicKey: Sendable {
    /// The COSE_Key exactly as the authenticator wrote it.
    public let bytes: [UInt8]
    public let algorithm: COSEAlgorithm
    private let key: Key

    private enum Key: Sendable {
        case p256(P256.Signing.PublicKey)
        case ed25519(Curve25519.Signing.PublicKey)
        case rsa(_RSA.Signing.PublicKey)
    }

    /// The key of the COSE_Key that is all of `bytes` (a stored key).
    public init(bytes: [UInt8]) throws(PasskeyCheckFailure) {
        let value: CBORValue
        do { value = try CBORReader.decode(bytes) } catch { throw .malformed("COSE key: \(error)") }
        try self.init(value: value, bytes: bytes)
    }

    /// The key `value`, read from `bytes`.
    init(value: CBORValue, bytes: [UInt8]) throws(PasskeyCheckFailure) {
        self.bytes = bytes
        // Labels (RFC 9052 §7.1, RFC 9053 §7): 1 kty, 3 alg; -1 crv or n, -2 x or e, -3 y.
        guard case .map = value, let kty = value[1]?.integer else { throw .malformed("COSE key: no kty") }
        guard let alg = value[3]?.integer else { throw .malformed("COSE key: no alg") }
        guard let algorithm = COSEAlgorithm(rawValue: alg) else { throw .unsupportedAlgorithm(alg) }
        self.algorithm = algorithm
        func byteString(_ label: Int) -> [UInt8]? {
            guard case .bytes(let found) = value[label] else { return nil }
            return found
        }
        switch algorithm {
        case .es256:
            // EC2 on P-256.
            guard kty == 2, value[-1]?.integer == 1 else { throw .keyDoesNotMatchAlgorithm(alg) }
            guard let x = byteString(-2), let y = byteString(-3), x.count == 32, y.count == 32 else {
                throw .malformed("COSE key: EC2 coordinates")
            }
            do { key = .p256(try P256.Signing.PublicKey(x963Representation: [0x04] + x + y)) } catch {
                throw .malformed("COSE key: not a P-256 point")
            }
        case .edDSA:
            // OKP on Ed25519.
            guard kty == 1, value[-1]?.integer == 6 else { throw .keyDoesNotMatchAlgorithm(alg) }
            guard let x = byteString(-2), x.count == 32 else { throw .malformed("COSE key: OKP x") }
            do { key = .ed25519(try Curve25519.Signing.PublicKey(rawRepresentation: x)) } catch {
                throw .malformed("COSE key: not an Ed25519 key")
            }
        case .rs256:
            guard kty == 3 else { throw .keyDoesNotMatchAlgorithm(alg) }
            guard let n = byteString(-1), let e = byteString(-2), !n.isEmpty, !e.isEmpty else {
                throw .malformed("COSE key: RSA n and e")
            }
            // swift-crypto refuses moduli under 2048 bits.
            do { key = .rsa(try _RSA.Signing.PublicKey(n: n, e: e)) } catch {
                throw .malformed("COSE key: not an RSA key of 2048 bits or more")
            }
        }
    }

    /// Whether `signature` (in the algorithm's WebAuthn encoding: DER for ES256, raw for EdDSA and RS256) signs
    /// `data` with this key.
    public func verify(signature: [UInt8], data: [UInt8]) -> Bool {
        switch key {
        case .p256(let key):
            guard let parsed = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(parsed, for: data)
        case .ed25519(let key):
            return key.isValidSignature(signature, for: data)
        case .rsa(let key):
            let parsed = _RSA.Signing.RSASignature(rawRepresentation: signature)
            return key.isValidSignature(parsed, for: data, padding: .insecurePKCS1v1_5)
        }
    }
}

extension COSEPublicKey: Hashable {
    public static func == (lhs: COSEPublicKey, rhs: COSEPublicKey) -> Bool { lhs.bytes == rhs.bytes }
    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}
