/// The WebAuthn check a passkey registration or sign-in failed: one case per check, for the server log. Every one
/// reaches the user as the same sentence ("Passkey sign-in failed. Please try again.").
public enum PasskeyCheckFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The client data's `type` is not the ceremony's ("webauthn.create" or "webauthn.get").
    case wrongType(String)
    /// The client data's challenge is not the one this ceremony issued.
    case challengeMismatch
    /// The client data's origin is not one the relying party allows.
    case wrongOrigin(String)
    /// The client data says the call came from a cross-origin frame.
    case crossOrigin
    /// The authenticator data's rp id hash is not SHA-256 of the relying party's id.
    case wrongRelyingParty
    /// The user-present flag is not set.
    case userNotPresent
    /// The user-verified flag is not set.
    case userNotVerified
    /// A registration's authenticator data holds no attested credential.
    case missingCredential
    /// A COSE algorithm other than ES256 (-7), EdDSA (-8) and RS256 (-257).
    case unsupportedAlgorithm(Int)
    /// A COSE key whose key type or curve does not fit the algorithm it names.
    case keyDoesNotMatchAlgorithm(Int)
    /// An attestation format other than "none" and "packed" self attestation (`packed with x5c`, for example).
    case unsupportedAttestation(String)
    /// A packed attestation statement's `alg` is not the credential key's.
    case attestationAlgorithmMismatch(statement: Int, credential: Int)
    /// A signature (of an assertion or of a packed self attestation) does not verify with the credential's key.
    case badSignature
    /// Both sign counts non-zero and the received one not greater, or the stored one non-zero and the received one
    /// zero: maybe a cloned authenticator.
    case signCountDidNotGrow(stored: UInt32, received: UInt32)
    /// Bytes that are not what WebAuthn says they are (the string says which and how).
    case malformed(String)
    /// The challenge the client data names was never issued, was used already, expired, or was issued for another
    /// ceremony or account.
    case unknownChallenge
    /// No passkey has the credential id an assertion names.
    case unknownCredential
    /// The assertion's user handle is not the handle of the account the credential belongs to.
    case userHandleMismatch
    /// A registration's credential id is registered already (to this account or another).
    case credentialAlreadyRegistered
    /// A registration's credential id is shorter than 16 bytes or longer than 1023 (`PasskeyCredential.idLengths`).
    case credentialIDLength(Int)

    public var description: String {
        switch self {
        case .wrongType(let type): "passkey: client data type \"\(type)\" is not this ceremony's"
        case .challengeMismatch: "passkey: the challenge is not the one issued"
        case .wrongOrigin(let origin): "passkey: origin \"\(origin)\" is not allowed"
        case .crossOrigin: "passkey: the client data says crossOrigin"
        case .wrongRelyingParty: "passkey: the rp id hash is not the relying party's"
        case .userNotPresent: "passkey: the user-present flag is not set"
        case .userNotVerified: "passkey: the user-verified flag is not set"
        case .missingCredential: "passkey: the registration holds no attested credential"
        case .unsupportedAlgorithm(let alg): "passkey: unsupported COSE algorithm \(alg)"
        case .keyDoesNotMatchAlgorithm(let alg): "passkey: the COSE key does not fit its algorithm \(alg)"
        case .unsupportedAttestation(let format): "passkey: unsupported attestation \(format)"
        case .attestationAlgorithmMismatch(let statement, let credential):
            "passkey: the attestation's alg \(statement) is not the credential's \(credential)"
        case .badSignature: "passkey: the signature does not verify"
        case .signCountDidNotGrow(let stored, let received):
            "passkey: sign count \(received) after \(stored), a possible cloned authenticator"
        case .malformed(let what): "passkey: malformed \(what)"
        case .unknownChallenge: "passkey: the challenge is unknown, used, expired or not this ceremony's"
        case .unknownCredential: "passkey: no passkey has this credential id"
        case .userHandleMismatch: "passkey: the user handle is not the credential's account's"
        case .credentialAlreadyRegistered: "passkey: the credential id is registered already"
        case .credentialIDLength(let length):
            "passkey: a credential id of \(length) bytes, not \(PasskeyCredential.idLengths.lowerBound)"
                + "-\(PasskeyCredential.idLengths.upperBound)"
        }
    }
}
