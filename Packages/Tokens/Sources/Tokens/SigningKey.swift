import Foundation

/// An ES256 (P-256) key tokens are signed with, as stores keep it: its public half in the clear (published in the
/// JWKS), its private half in `StoredSecret`'s form (sealed when a sealing key is configured).
public struct SigningKey: Sendable, Hashable, Identifiable {
    /// The `kid` of its tokens and its JWK (a UUID string).
    public var id: String
    /// When it was made, and so published: caches that fetch the JWKS from then on learn it.
    public var createdAt: Date
    /// When it starts signing (see `KeyRotation`).
    public var signsFrom: Date
    /// The public key's coordinates, base64url (RFC 7518 6.2.1.2), as the JWK writes them.
    public var x: String
    public var y: String
    /// The private key (PKCS#8 PEM) in `StoredSecret`'s form.
    public var storedPrivateKey: String

    public init(id: String, createdAt: Date, signsFrom: Date, x: String, y: String, storedPrivateKey: String) {
        self.id = id
        self.createdAt = createdAt
        self.signsFrom = signsFrom
        self.x = x
        self.y = y
        self.storedPrivateKey = storedPrivateKey
    }
}

/// A key as `keys list` shows it: never the private part.
public struct SigningKeyInfo: Sendable, Hashable {
    public var id: String
    public var createdAt: Date
    public var signsFrom: Date
    public var state: KeyRotation.State

    public init(id: String, createdAt: Date, signsFrom: Date, state: KeyRotation.State) {
        self.id = id
        self.createdAt = createdAt
        self.signsFrom = signsFrom
        self.state = state
    }
}

/// A key as the JWKS publishes it: its id and public coordinates.
public struct PublishedKey: Sendable, Hashable {
    public var id: String
    public var x: String
    public var y: String

    public init(id: String, x: String, y: String) {
        self.id = id
        self.x = x
        self.y = y
    }
}
