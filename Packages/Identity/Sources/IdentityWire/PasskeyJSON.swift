import Foundation
import Kernel
import Passkeys
import WebAuthn

/// One passkey of the account: `GET /api/me/passkeys` (an array, oldest first), `POST /api/me/passkeys`'s answer and
/// `kith passkeys --json`. Never its key.
public struct PasskeyJSON: Codable, Sendable, Equatable {
    /// The credential id, base64url.
    public var id: String
    public var name: String
    public var createdAt: Date
    /// Null until it signs in.
    @ExplicitNull public var lastUsedAt: Date?

    public init(_ passkey: Passkey) {
        id = passkey.id
        name = passkey.name
        createdAt = passkey.createdAt
        lastUsedAt = passkey.lastUsedAt
    }

    /// The passkey as a client sees it: its key, algorithm and count stay on the server (empty here).
    public func passkey(accountId: String) -> Passkey {
        Passkey(
            id: id, accountId: accountId, name: name, publicKey: [], algorithm: 0, signCount: 0, createdAt: createdAt,
            lastUsedAt: lastUsedAt)
    }
}

/// `POST /api/me/passkeys`: the passkey's name and the credential `navigator.credentials.create()` made.
public struct PasskeyRegistrationBody: Codable, Sendable, Equatable {
    public var name: String
    public var credential: PasskeyRegistrationCredential

    public init(name: String, credential: PasskeyRegistrationCredential) {
        self.name = name
        self.credential = credential
    }
}

/// `POST /api/auth/passkey`: the credential `navigator.credentials.get()` made.
public struct PasskeySignInBody: Codable, Sendable, Equatable {
    public var credential: PasskeyAssertionCredential

    public init(credential: PasskeyAssertionCredential) {
        self.credential = credential
    }
}

/// `DELETE /api/me/passkeys/{id}`: the account's password (an account without one sends none).
public struct PasskeyRemovalBody: Codable, Sendable, Equatable {
    public var password: String?

    public init(password: String?) {
        self.password = password
    }
}
