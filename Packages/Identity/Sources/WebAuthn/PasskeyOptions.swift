import Kernel

/// A credential named in options (`PublicKeyCredentialDescriptor`).
public struct PasskeyCredentialDescriptor: Codable, Sendable, Hashable {
    public var type = "public-key"
    /// The credential id, base64url.
    public var id: String

    public init(credentialID: [UInt8]) {
        id = Base64URL.encode(credentialID)
    }
}

/// `PublicKeyCredentialCreationOptions` for `navigator.credentials.create()`, as the JSON a client turns into them
/// (binary members base64url).
public struct PasskeyCreationOptions: Codable, Sendable, Hashable {
    public struct RelyingPartyEntity: Codable, Sendable, Hashable {
        public var id: String
        public var name: String
    }

    public struct UserEntity: Codable, Sendable, Hashable {
        /// The account's user handle, base64url (never its email).
        public var id: String
        public var name: String
        public var displayName: String
    }

    public struct CredentialParameter: Codable, Sendable, Hashable {
        public var type = "public-key"
        public var alg: Int
    }

    public struct AuthenticatorSelection: Codable, Sendable, Hashable {
        public var residentKey = "preferred"
        public var requireResidentKey = false
        public var userVerification = "required"
    }

    /// Five minutes, the life of the challenge.
    public static let timeoutMilliseconds = 300_000

    public var rp: RelyingPartyEntity
    public var user: UserEntity
    public var challenge: String
    public var pubKeyCredParams: [CredentialParameter]
    public var timeout: Int
    public var excludeCredentials: [PasskeyCredentialDescriptor]
    public var authenticatorSelection: AuthenticatorSelection
    public var attestation: String

    /// The options to register a passkey for the account with `userHandle` (shown as `userName` and `displayName`),
    /// with `challenge`, excluding the account's credentials `excludedCredentialIDs`. ES256, EdDSA and RS256 are
    /// offered; user verification is required; no attestation is asked for.
    public init(
        relyingParty: PasskeyRelyingParty, userHandle: [UInt8], userName: String, displayName: String,
        challenge: [UInt8], excludedCredentialIDs: [[UInt8]]
    ) {
        rp = RelyingPartyEntity(id: relyingParty.id, name: PasskeyRelyingParty.name)
        user = UserEntity(id: Base64URL.encode(userHandle), name: userName, displayName: displayName)
        self.challenge = Base64URL.encode(challenge)
        pubKeyCredParams = COSEAlgorithm.allCases.map { CredentialParameter(alg: $0.rawValue) }
        timeout = Self.timeoutMilliseconds
        excludeCredentials = excludedCredentialIDs.map(PasskeyCredentialDescriptor.init(credentialID:))
        authenticatorSelection = AuthenticatorSelection()
        attestation = "none"
    }
}

/// `PublicKeyCredentialRequestOptions` for `navigator.credentials.get()`, as JSON (binary members base64url).
public struct PasskeyRequestOptions: Codable, Sendable, Hashable {
    public var challenge: String
    public var rpId: String
    /// The account's credentials when the account is known; nil for a discoverable-credential sign-in.
    public var allowCredentials: [PasskeyCredentialDescriptor]?
    public var userVerification: String
    public var timeout: Int

    /// The options to sign in with `challenge`, limited to `allowedCredentialIDs` when given.
    public init(relyingParty: PasskeyRelyingParty, challenge: [UInt8], allowedCredentialIDs: [[UInt8]]? = nil) {
        self.challenge = Base64URL.encode(challenge)
        rpId = relyingParty.id
        allowCredentials = allowedCredentialIDs?.map(PasskeyCredentialDescriptor.init(credentialID:))
        userVerification = "required"
        timeout = PasskeyCreationOptions.timeoutMilliseconds
    }
}
