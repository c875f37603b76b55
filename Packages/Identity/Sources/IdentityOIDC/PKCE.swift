import Crypto
import Foundation
import Kernel

/// The secrets of one authorization request: PKCE's verifier and its S256 challenge (RFC 7636), the `state` that
/// ties the redirect to this request, and the `nonce` that ties the ID token to it. Random, used once.
public struct AuthorizationSecrets: Sendable, Hashable {
    public var codeVerifier: String
    public var state: String
    public var nonce: String

    /// Fresh random values (32 bytes each, base64url: 43 characters, as RFC 7636 allows).
    public init() {
        codeVerifier = Self.random()
        state = Self.random()
        nonce = Self.random()
    }

    /// `BASE64URL(SHA256(code_verifier))`.
    public var codeChallenge: String { Self.challenge(for: codeVerifier) }

    /// The S256 challenge of `verifier`.
    public static func challenge(for verifier: String) -> String {
        Base64URL.encode(SHA256.hash(data: Array(verifier.utf8)))
    }

    static func random() -> String {
        Base64URL.encode(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
    }
}
