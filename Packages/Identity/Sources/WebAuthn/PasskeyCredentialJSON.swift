import Foundation

/// The client extension results a credential carries (`getClientExtensionResults()`): none is read; any member is
/// accepted and dropped.
public struct PasskeyExtensionResults: Codable, Sendable, Hashable {
    public init() {}
}

/// A `PublicKeyCredential` as `toJSON()` writes it (binary members base64url), with the response of its ceremony.
public struct PasskeyCredentialJSON<Response: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    public var id: String
    public var rawId: String
    public var type: String
    public var response: Response
    public var authenticatorAttachment: String?
    public var clientExtensionResults: PasskeyExtensionResults?

    public init(
        id: String, rawId: String? = nil, type: String = "public-key", response: Response,
        authenticatorAttachment: String? = nil, clientExtensionResults: PasskeyExtensionResults? = nil
    ) {
        self.id = id
        self.rawId = rawId ?? id
        self.type = type
        self.response = response
        self.authenticatorAttachment = authenticatorAttachment
        self.clientExtensionResults = clientExtensionResults
    }
}

/// `AuthenticatorAttestationResponse`, as JSON: the answer of `navigator.credentials.create()`.
public struct PasskeyAttestationResponse: Codable, Sendable, Hashable {
    public var clientDataJSON: String
    public var attestationObject: String
    public var transports: [String]?

    public init(clientDataJSON: String, attestationObject: String, transports: [String]? = nil) {
        self.clientDataJSON = clientDataJSON
        self.attestationObject = attestationObject
        self.transports = transports
    }
}

/// `AuthenticatorAssertionResponse`, as JSON: the answer of `navigator.credentials.get()`.
public struct PasskeyAssertionResponse: Codable, Sendable, Hashable {
    public var clientDataJSON: String
    public var authenticatorData: String
    public var signature: String
    public var userHandle: String?

    public init(clientDataJSON: String, authenticatorData: String, signature: String, userHandle: String? = nil) {
        self.clientDataJSON = clientDataJSON
        self.authenticatorData = authenticatorData
        self.signature = signature
        self.userHandle = userHandle
    }
}

/// The credential `registerPasskey` checks.
public typealias PasskeyRegistrationCredential = PasskeyCredentialJSON<PasskeyAttestationResponse>
/// The credential `signIn(passkey:)` checks.
public typealias PasskeyAssertionCredential = PasskeyCredentialJSON<PasskeyAssertionResponse>
