import Crypto
import Foundation
import Kernel
import WebAuthn

/// A passkey authenticator and its browser, for contract tests: a P-256 (ES256) key made here answers creation options
/// with a "none" attestation and request options with assertions, as `PublicKeyCredential.toJSON()` writes them. A
/// test double of the browser only: the outside checks (soft-webauthn, Chromium) are the end-to-end tests'.
public struct TestAuthenticator: Sendable {
    public let key: P256.Signing.PrivateKey
    public let credentialID: [UInt8]
    /// The next sign count this authenticator sends (0: it keeps none).
    public var signCount: UInt32
    /// The user handle the creation options gave, sent back with assertions.
    public var userHandle: [UInt8]?
    /// The origin its client data names.
    public var origin: String

    public init(credentialID: [UInt8], origin: String = "https://kith.example", signCount: UInt32 = 1) {
        key = P256.Signing.PrivateKey()
        self.credentialID = credentialID
        self.origin = origin
        self.signCount = signCount
    }

    /// The credential id, base64url.
    public var id: String { Base64URL.encode(credentialID) }

    /// `navigator.credentials.create()`'s answer to `options`: flags UP and UV, the rp id the options name; the sign count
    /// goes up by one after (when it keeps one).
    public mutating func register(
        _ options: PasskeyCreationOptions, type: String = "webauthn.create"
    ) -> PasskeyRegistrationCredential {
        userHandle = Base64URL.decode(options.user.id)
        let clientData = Self.clientData(type: type, challenge: options.challenge, origin: origin)
        let raw = key.publicKey.rawRepresentation
        let coseKey = CBORWriter.map([
            (.int(1), .int(2)), (.int(3), .int(-7)), (.int(-1), .int(1)), (.int(-2), .bytes(Array(raw.prefix(32)))),
            (.int(-3), .bytes(Array(raw.suffix(32)))),
        ])
        var authenticatorData = Self.authenticatorHead(rpID: options.rp.id, flags: 0x45, signCount: signCount)
        authenticatorData += [UInt8](repeating: 0, count: 16)
        authenticatorData += [UInt8(credentialID.count >> 8), UInt8(credentialID.count & 0xff)] + credentialID
        authenticatorData += CBORWriter.encode(coseKey)
        if signCount != 0 { signCount += 1 }
        let attestation = CBORWriter.encode(
            .map([
                (.text("fmt"), .text("none")), (.text("attStmt"), .map([])),
                (.text("authData"), .bytes(authenticatorData)),
            ]))
        return PasskeyRegistrationCredential(
            id: id,
            response: .init(
                clientDataJSON: Base64URL.encode(clientData),
                attestationObject: Base64URL.encode(attestation), transports: ["internal"]),
            authenticatorAttachment: "platform", clientExtensionResults: PasskeyExtensionResults())
    }

    /// `navigator.credentials.get()`'s answer to `options`, signed with this key; the sign count goes up by one after
    /// (when it keeps one). `rpID` overrides the options' rp id (to test a wrong one).
    public mutating func assert(
        _ options: PasskeyRequestOptions, rpID: String? = nil, type: String = "webauthn.get"
    ) throws -> PasskeyAssertionCredential {
        let clientData = Self.clientData(type: type, challenge: options.challenge, origin: origin)
        let authenticatorData = Self.authenticatorHead(rpID: rpID ?? options.rpId, flags: 0x05, signCount: signCount)
        let signature = try key.signature(for: authenticatorData + Array(SHA256.hash(data: clientData)))
        if signCount != 0 { signCount += 1 }
        return PasskeyAssertionCredential(
            id: id,
            response: .init(
                clientDataJSON: Base64URL.encode(clientData),
                authenticatorData: Base64URL.encode(authenticatorData),
                signature: Base64URL.encode(Array(signature.derRepresentation)),
                userHandle: userHandle.map { Base64URL.encode($0) }),
            authenticatorAttachment: "platform", clientExtensionResults: PasskeyExtensionResults())
    }

    static func clientData(type: String, challenge: String, origin: String) -> [UInt8] {
        Array(#"{"type":"\#(type)","challenge":"\#(challenge)","origin":"\#(origin)","crossOrigin":false}"#.utf8)
    }

    static func authenticatorHead(rpID: String, flags: UInt8, signCount: UInt32) -> [UInt8] {
        Array(SHA256.hash(data: Array(rpID.utf8))) + [flags]
            + [
                UInt8(signCount >> 24), UInt8((signCount >> 16) & 0xff), UInt8((signCount >> 8) & 0xff),
                UInt8(signCount & 0xff),
            ]
    }
}

/// Just enough CBOR (RFC 8949) to write COSE keys and attestation objects: integers, byte and text strings, maps.
enum CBORWriter {
    indirect enum Item {
        case int(Int)
        case bytes([UInt8])
        case text(String)
        case map([(Item, Item)])
    }

    static func map(_ pairs: [(Item, Item)]) -> Item { .map(pairs) }

    static func encode(_ item: Item) -> [UInt8] {
        switch item {
        case .int(let value):
            return value >= 0 ? head(0, UInt64(value)) : head(1, UInt64(-1 - value))
        case .bytes(let bytes): return head(2, UInt64(bytes.count)) + bytes
        case .text(let text): return head(3, UInt64(text.utf8.count)) + Array(text.utf8)
        case .map(let pairs):
            return head(5, UInt64(pairs.count)) + pairs.flatMap { encode($0.0) + encode($0.1) }
        }
    }

    private static func head(_ major: UInt8, _ value: UInt64) -> [UInt8] {
        let type = major << 5
        switch value {
        case 0..<24: return [type | UInt8(value)]
        case 24..<0x100: return [type | 24, UInt8(value)]
        case 0x100..<0x10000: return [type | 25, UInt8(value >> 8), UInt8(value & 0xff)]
        default:
            return [type | 26] + (0..<4).reversed().map { UInt8((value >> (8 * UInt64($0))) & 0xff) }
        }
    }
}
