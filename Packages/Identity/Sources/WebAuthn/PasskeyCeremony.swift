import Crypto
import Foundation
import Kernel

/// A credential a registration made, what a store keeps of it.
public struct PasskeyCredential: Sendable, Hashable {
    /// The lengths of credential id a registration accepts, in bytes (DOMAIN.md): WebAuthn Level 3 §5.1 caps an id at
    /// 1023 bytes, and CTAP 2.1 §6.1 makes authenticators draw at least 16 random bytes. An id outside them (an empty
    /// one most of all) could be stored but never named again: by sign-in, nor by `passkeys remove`.
    public static let idLengths = 16...1023

    /// The credential id (the authenticator's; the client sends it back at sign-in).
    public let id: [UInt8]
    /// The COSE_Key as the authenticator wrote it (`COSEPublicKey(bytes:)` reads it back).
    public let publicKey: [UInt8]
    public let algorithm: COSEAlgorithm
    public let signCount: UInt32
    /// The authenticator model (zeros when the attestation is "none" or the authenticator does not say).
    public let aaguid: [UInt8]
    /// The BE and BS flags: a credential that may be, and is, synced to other devices.
    public let backupEligible: Bool
    public let backedUp: Bool
    /// "none" or "packed".
    public let attestationFormat: String
}

/// WebAuthn Level 2's registration (§7.1) and authentication (§7.2) checks as pure functions: the challenge, the
/// relying party, the stored key and count in; the credential or the new count out, or the check that failed.
/// Attestation: "none", or "packed" self attestation (signed by the credential's own key); anything with a
/// certificate chain is refused, since nothing here would judge the chain.
public enum PasskeyCeremony {
    /// The new credential of a `navigator.credentials.create()` answer, checked against `expectedChallenge` (the
    /// challenge the creation options carried) and `relyingParty`. The credential is user-verified.
    public static func verifyRegistration(
        clientDataJSON: [UInt8], attestationObject: [UInt8], expectedChallenge: [UInt8],
        relyingParty: PasskeyRelyingParty
    ) throws(PasskeyCheckFailure) -> PasskeyCredential {
        try checkClientData(clientDataJSON, type: "webauthn.create", challenge: expectedChallenge, relyingParty)
        let object: CBORValue
        do { object = try CBORReader.decode(attestationObject) } catch {
            throw .malformed("attestation object: \(error)")
        }
        guard case .text(let format) = object["fmt"], case .map(let statement) = object["attStmt"],
            case .bytes(let authenticatorBytes) = object["authData"]
        else { throw .malformed("attestation object: fmt, attStmt and authData") }
        let authenticatorData = try AuthenticatorData(bytes: authenticatorBytes)
        try checkAuthenticatorData(authenticatorData, relyingParty)
        guard let credential = authenticatorData.attestedCredential else { throw .missingCredential }
        guard PasskeyCredential.idLengths.contains(credential.credentialID.count) else {
            throw .credentialIDLength(credential.credentialID.count)
        }
        switch format {
        case "none":
            guard statement.isEmpty else {
                throw .malformed("attestation object: a \"none\" statement that is not empty")
            }
        case "packed":
            try checkPackedSelfAttestation(
                .map(statement), signedData: authenticatorBytes + clientDataHash(clientDataJSON),
                key: credential.publicKey)
        default:
            throw .unsupportedAttestation(format)
        }
        return PasskeyCredential(
            id: credential.credentialID, publicKey: credential.publicKey.bytes,
            algorithm: credential.publicKey.algorithm,
            signCount: authenticatorData.signCount, aaguid: credential.aaguid,
            backupEligible: authenticatorData.flags.contains(.backupEligible),
            backedUp: authenticatorData.flags.contains(.backedUp), attestationFormat: format)
    }

    /// The new sign count of a `navigator.credentials.get()` answer for the credential stored with
    /// `storedPublicKey` and `storedSignCount`, checked against `expectedChallenge` and `relyingParty`.
    ///
    /// Sign counts (DOMAIN.md): when both are non-zero the received one must be greater than the stored one, else it
    /// is refused as a possible clone; an authenticator that keeps no count (or stops: synced passkeys send zero)
    /// passes. WebAuthn §7.2 step 21 leaves that choice to the relying party.
    public static func verifyAssertion(
        clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8], expectedChallenge: [UInt8],
        relyingParty: PasskeyRelyingParty, storedPublicKey: [UInt8], storedSignCount: UInt32
    ) throws(PasskeyCheckFailure) -> UInt32 {
        let key = try COSEPublicKey(bytes: storedPublicKey)
        try checkClientData(clientDataJSON, type: "webauthn.get", challenge: expectedChallenge, relyingParty)
        let parsed = try AuthenticatorData(bytes: authenticatorData)
        try checkAuthenticatorData(parsed, relyingParty)
        guard key.verify(signature: signature, data: authenticatorData + clientDataHash(clientDataJSON)) else {
            throw .badSignature
        }
        let received = parsed.signCount
        if storedSignCount != 0 && received != 0, received <= storedSignCount {
            throw .signCountDidNotGrow(stored: storedSignCount, received: received)
        }
        return received
    }

    /// The members of `CollectedClientData` the checks read (§5.8.1).
    private struct ClientData: Decodable {
        let type: String
        let challenge: String
        let origin: String
        let crossOrigin: Bool?
    }

    private static func checkClientData(
        _ json: [UInt8], type: String, challenge: [UInt8], _ relyingParty: PasskeyRelyingParty
    ) throws(PasskeyCheckFailure) {
        let clientData: ClientData
        do { clientData = try JSONDecoder().decode(ClientData.self, from: Data(json)) } catch {
            throw .malformed("client data: not the JSON of type, challenge and origin")
        }
        guard clientData.type == type else { throw .wrongType(clientData.type) }
        guard clientData.challenge == Base64URL.encode(challenge) else { throw .challengeMismatch }
        guard relyingParty.allows(origin: clientData.origin) else { throw .wrongOrigin(clientData.origin) }
        guard clientData.crossOrigin != true else { throw .crossOrigin }
    }

    private static func checkAuthenticatorData(_ data: AuthenticatorData, _ relyingParty: PasskeyRelyingParty)
        throws(PasskeyCheckFailure)
    {
        guard data.rpIDHash == Array(SHA256.hash(data: Array(relyingParty.id.utf8))) else {
            throw .wrongRelyingParty
        }
        guard data.flags.contains(.userPresent) else { throw .userNotPresent }
        guard data.flags.contains(.userVerified) else { throw .userNotVerified }
    }

    /// Packed self attestation (§8.2): no certificate, the statement's alg the credential's, and its signature over
    /// the authenticator data and client data hash made by the credential's key.
    private static func checkPackedSelfAttestation(
        _ statement: CBORValue, signedData: [UInt8], key: COSEPublicKey
    ) throws(PasskeyCheckFailure) {
        if statement["x5c"] != nil { throw .unsupportedAttestation("packed with x5c") }
        if statement["ecdaaKeyId"] != nil { throw .unsupportedAttestation("packed with ecdaaKeyId") }
        guard let alg = statement["alg"]?.integer, case .bytes(let signature) = statement["sig"] else {
            throw .malformed("packed attestation: alg and sig")
        }
        guard alg == key.algorithm.rawValue else {
            throw .attestationAlgorithmMismatch(statement: alg, credential: key.algorithm.rawValue)
        }
        guard key.verify(signature: signature, data: signedData) else { throw .badSignature }
    }

    private static func clientDataHash(_ json: [UInt8]) -> [UInt8] { Array(SHA256.hash(data: json)) }
}
