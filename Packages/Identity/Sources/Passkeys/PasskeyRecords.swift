import Foundation
import Kernel
import WebAuthn

/// A passkey registered to an account (DOMAIN.md "Stronger sign-in"): what `passkeys` lists (id, name, created, last
/// used) and what sign-in checks an assertion with (the COSE key, its algorithm and the sign count).
public struct Passkey: Sendable, Hashable {
    /// The credential id, base64url (unique across every account).
    public var id: String
    public var accountId: String
    /// The name the user gave it (1-64 characters; "Passkey" when none is given).
    public var name: String
    /// The COSE_Key as the authenticator wrote it.
    public var publicKey: [UInt8]
    /// The COSE algorithm of the key (-7 ES256, -8 EdDSA, -257 RS256).
    public var algorithm: Int
    /// The last sign count the authenticator sent (0 when it keeps none).
    public var signCount: UInt32
    /// The authenticator model, when the registration said (nil for zeros).
    public var aaguid: [UInt8]?
    public var createdAt: Date
    public var lastUsedAt: Date?

    public init(
        id: String, accountId: String, name: String, publicKey: [UInt8], algorithm: Int, signCount: UInt32,
        aaguid: [UInt8]? = nil, createdAt: Date, lastUsedAt: Date? = nil
    ) {
        self.id = id
        self.accountId = accountId
        self.name = name
        self.publicKey = publicKey
        self.algorithm = algorithm
        self.signCount = signCount
        self.aaguid = aaguid
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }

    /// Whether this passkey can sign in: its id is one a sign-in can name. A passkey stored before ids were checked
    /// (an empty one) cannot, so it never counts as a way in when another method is unlinked or removed.
    public var canSignIn: Bool {
        Base64URL.decode(id).map { PasskeyCredential.idLengths.contains($0.count) } ?? false
    }
}

/// A ceremony's challenge as stored: 32 random bytes sent once in the options, valid 5 minutes, used once (taken
/// out of the store by the attempt that names it, whether the checks pass or not). Only the SHA-256 of its base64url
/// text is stored, as with tokens.
public struct PasskeyChallenge: Sendable, Hashable {
    /// What the challenge was issued for.
    public enum Purpose: String, Sendable, Hashable, CaseIterable {
        case registration
        case signIn = "sign-in"
    }

    public static let lifetime: TimeInterval = 5 * 60
    /// The random bytes of a challenge.
    public static let length = 32

    /// `TokenDigest.hexDigest` of the challenge's base64url text.
    public var challengeHash: String
    public var purpose: Purpose
    /// The account registering (nil for sign-in, which names no account).
    public var accountId: String?
    public var createdAt: Date
    public var expiresAt: Date

    public init(challengeHash: String, purpose: Purpose, accountId: String?, createdAt: Date, expiresAt: Date) {
        self.challengeHash = challengeHash
        self.purpose = purpose
        self.accountId = accountId
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }

    public func isLive(at now: Date) -> Bool { now < expiresAt }

    /// The stored hash of a challenge sent as `base64url`.
    public static func hash(_ base64url: String) -> String { TokenDigest.hexDigest(base64url) }
}
