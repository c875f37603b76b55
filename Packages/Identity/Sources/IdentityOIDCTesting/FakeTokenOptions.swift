import Foundation

/// How a `FakeOpenIDProvider` makes one ID token: right by default, wrong in exactly the way a test asks.
public struct FakeTokenOptions: Sendable {
    /// How the token is signed.
    public enum Signing: Sendable {
        /// With the provider's current key, named by its `kid`.
        case valid
        /// With a key the JWKS never shows, under the current key's `kid` (a forged signature).
        case wrongKey
        /// `alg: none`, no signature.
        case none
        /// HS256 with the current key's public key (PEM) as the HMAC secret, under its `kid`.
        case hmacWithPublicKey
        /// With a new key whose `kid` the JWKS does not show.
        case unknownKey
        /// With the provider's current key and no `kid` in the header (OpenID Connect Core 10.1 allows it when the
        /// provider has one key).
        case withoutKeyId
    }

    public var signing: Signing = .valid
    public var user: FakeProviderUser?
    public var issuer: String?
    public var audience: [String]?
    public var authorizedParty: String?
    public var nonce: String?
    /// Seconds from now; negative for an expired token.
    public var expiresIn: TimeInterval = 3600
    /// Seconds from now the token says it was issued (positive: in the future).
    public var issuedIn: TimeInterval = 0

    /// A valid token for the provider's approved user.
    public init(
        signing: Signing = .valid, user: FakeProviderUser? = nil, issuer: String? = nil, audience: [String]? = nil,
        authorizedParty: String? = nil, nonce: String? = nil, expiresIn: TimeInterval = 3600,
        issuedIn: TimeInterval = 0
    ) {
        self.signing = signing
        self.user = user
        self.issuer = issuer
        self.audience = audience
        self.authorizedParty = authorizedParty
        self.nonce = nonce
        self.expiresIn = expiresIn
        self.issuedIn = issuedIn
    }
}
