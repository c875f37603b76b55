import Foundation
import Kernel
import NetworkingTesting
import Testing
import WebAuthn

/// The relying party every case uses.
private let relyingParty = try! PasskeyRelyingParty(id: "kith.example", origins: ["https://kith.example"])
private let origin = "https://kith.example"
private let registrationChallenge = [UInt8](repeating: 0xA5, count: 32)
private let signInChallenge = (0..<32).map { UInt8($0) }
private let otherChallenge = [UInt8](repeating: 0x5A, count: 32)

/// A registration answer from the software authenticator, and the private key (PEM) it can sign in with later.
private struct Registration {
    var clientDataJSON: [UInt8]
    var attestationObject: [UInt8]
    var credentialID: [UInt8]
    var privateKey: String

    func verify(expectedChallenge: [UInt8] = registrationChallenge) throws(PasskeyCheckFailure) -> PasskeyCredential {
        try PasskeyCeremony.verifyRegistration(
            clientDataJSON: clientDataJSON, attestationObject: attestationObject, expectedChallenge: expectedChallenge,
            relyingParty: relyingParty)
    }
}

/// A sign-in answer from the software authenticator.
private struct Assertion {
    var clientDataJSON: [UInt8]
    var authenticatorData: [UInt8]
    var signature: [UInt8]

    func verify(
        _ credential: PasskeyCredential, storedSignCount: UInt32 = 0, expectedChallenge: [UInt8] = signInChallenge
    ) throws(PasskeyCheckFailure) -> UInt32 {
        try PasskeyCeremony.verifyAssertion(
            clientDataJSON: clientDataJSON, authenticatorData: authenticatorData, signature: signature,
            expectedChallenge: expectedChallenge, relyingParty: relyingParty, storedPublicKey: credential.publicKey,
            storedSignCount: storedSignCount)
    }
}

private func decoded(_ answer: [String: Any], _ key: String) -> [UInt8] {
    Base64URL.decode(answer[key] as! String)!
}

/// The options JSON as an object for the driver.
private func json(_ options: some Encodable) throws -> Any {
    try JSONSerialization.jsonObject(with: JSONEncoder().encode(options))
}

/// A registration by the software authenticator answering our creation options. By default the user-verified flag
/// is set (0x45: UP, UV, AT), which soft-webauthn leaves out; `changes` are the driver's (see its source).
private func register(_ changes: [String: Any] = [:], challenge: [UInt8] = registrationChallenge) async throws
    -> Registration
{
    let options = PasskeyCreationOptions(
        relyingParty: relyingParty, userHandle: Array("handle-1".utf8), userName: "ada@example.com",
        displayName: "Ada", challenge: challenge, excludedCredentialIDs: [])
    var request: [String: Any] = ["op": "create", "origin": origin, "options": try json(options), "flags": 0x45]
    request.merge(changes) { $1 }
    let answer = try await SoftAuthenticator.run(request)
    return Registration(
        clientDataJSON: decoded(answer, "clientDataJSON"), attestationObject: decoded(answer, "attestationObject"),
        credentialID: decoded(answer, "credentialId"), privateKey: answer["privateKey"] as! String)
}

/// A sign-in by the software authenticator with the credential of `registration`, its counter at `signCount`. By
/// default the flags are UP and UV (0x05).
private func signIn(
    _ registration: Registration, signCount: Int, _ changes: [String: Any] = [:],
    challenge: [UInt8] = signInChallenge
) async throws -> Assertion {
    let options = PasskeyRequestOptions(
        relyingParty: relyingParty, challenge: challenge, allowedCredentialIDs: [registration.credentialID])
    var request: [String: Any] = [
        "op": "get", "origin": origin, "options": try json(options), "privateKey": registration.privateKey,
        "credentialId": Base64URL.encode(registration.credentialID), "signCount": signCount,
    ]
    request.merge(changes) { $1 }
    let answer = try await SoftAuthenticator.run(request)
    return Assertion(
        clientDataJSON: decoded(answer, "clientDataJSON"), authenticatorData: decoded(answer, "authenticatorData"),
        signature: decoded(answer, "signature"))
}

@Suite("Passkey checks (WebAuthn Level 2) against soft-webauthn")
struct PasskeyCheckTests {
    @Test func es256RegistrationAndSignInAccepted() async throws {
        let registration = try await register()
        let credential = try registration.verify()
        #expect(credential.id == registration.credentialID)
        #expect(credential.algorithm == .es256)
        #expect(credential.signCount == 0)
        #expect(credential.aaguid == [UInt8](repeating: 0, count: 16))
        #expect(credential.attestationFormat == "none")
        #expect(!credential.backupEligible && !credential.backedUp)
        #expect(try COSEPublicKey(bytes: credential.publicKey).algorithm == .es256)

        // The sign count grows from sign-in to sign-in.
        let first = try await signIn(registration, signCount: 1)
        #expect(try first.verify(credential, storedSignCount: credential.signCount) == 1)
        let second = try await signIn(registration, signCount: 2, challenge: otherChallenge)
        #expect(try second.verify(credential, storedSignCount: 1, expectedChallenge: otherChallenge) == 2)
    }

    /// soft-webauthn never sets the user-verified flag; Kith asks for user verification, so its answers as they
    /// come are refused for that and nothing else.
    @Test func softWebauthnAsItComesIsNotUserVerified() async throws {
        let asItComes = try await register(["flags": NSNull()])
        #expect(throws: PasskeyCheckFailure.userNotVerified) { try asItComes.verify() }
        let registration = try await register()
        let credential = try registration.verify()
        // The device's own flags (UP only) under its own signature.
        let assertion = try await signIn(registration, signCount: 1, ["flags": 0x01])
        #expect(throws: PasskeyCheckFailure.userNotVerified) { try assertion.verify(credential) }
    }

    @Test func clientDataTamperedByOneByteFailsTheSignature() async throws {
        let registration = try await register()
        let credential = try registration.verify()
        var assertion = try await signIn(registration, signCount: 1)
        // A space of the JSON becomes a tab: the same members, other bytes than those signed.
        let space = try #require(assertion.clientDataJSON.firstIndex(of: 0x20))
        assertion.clientDataJSON[space] = 0x09
        #expect(throws: PasskeyCheckFailure.badSignature) { try assertion.verify(credential) }

        var packed = try await register(["fmt": "packed"])
        #expect(try packed.verify().attestationFormat == "packed")
        let packedSpace = try #require(packed.clientDataJSON.firstIndex(of: 0x20))
        packed.clientDataJSON[packedSpace] = 0x09
        #expect(throws: PasskeyCheckFailure.badSignature) { try packed.verify() }
    }

    @Test func wrongOriginRefused() async throws {
        for wrong in ["https://evil.example", "http://kith.example", "https://kith.example:8443"] {
            await #expect(throws: PasskeyCheckFailure.wrongOrigin(wrong)) {
                try await register(["origin": wrong]).verify()
            }
        }
        let registration = try await register()
        let credential = try registration.verify()
        let assertion = try await signIn(registration, signCount: 1, ["origin": "https://evil.example"])
        #expect(throws: PasskeyCheckFailure.wrongOrigin("https://evil.example")) { try assertion.verify(credential) }
    }

    @Test func crossOriginRefused() async throws {
        await #expect(throws: PasskeyCheckFailure.crossOrigin) { try await register(["crossOrigin": true]).verify() }
        let registration = try await register(["crossOrigin": false])
        let credential = try registration.verify()
        let assertion = try await signIn(registration, signCount: 1, ["crossOrigin": true])
        #expect(throws: PasskeyCheckFailure.crossOrigin) { try assertion.verify(credential) }
    }

    @Test func wrongRelyingPartyRefused() async throws {
        await #expect(throws: PasskeyCheckFailure.wrongRelyingParty) {
            try await register(["rpId": "evil.example"]).verify()
        }
        let registration = try await register()
        let credential = try registration.verify()
        let assertion = try await signIn(registration, signCount: 1, ["rpId": "evil.example"])
        #expect(throws: PasskeyCheckFailure.wrongRelyingParty) { try assertion.verify(credential) }
    }

    /// An answer made for another challenge (an old one replayed, or one issued to someone else) is refused by the
    /// ceremony itself, whatever the store does with used challenges.
    @Test func challengeNotTheExpectedOneRefused() async throws {
        let registration = try await register()
        #expect(throws: PasskeyCheckFailure.challengeMismatch) {
            try registration.verify(expectedChallenge: otherChallenge)
        }
        // The same challenge written with base64 padding is not the challenge issued.
        let padded = Base64URL.encode(registrationChallenge) + "="
        await #expect(throws: PasskeyCheckFailure.challengeMismatch) {
            try await register(["challenge": padded]).verify()
        }

        let credential = try registration.verify()
        let first = try await signIn(registration, signCount: 1)
        #expect(try first.verify(credential) == 1)
        // Replayed for the next sign-in's challenge.
        #expect(throws: PasskeyCheckFailure.challengeMismatch) {
            try first.verify(credential, storedSignCount: 1, expectedChallenge: otherChallenge)
        }
    }

    @Test func wrongTypeRefused() async throws {
        await #expect(throws: PasskeyCheckFailure.wrongType("webauthn.get")) {
            try await register(["type": "webauthn.get"]).verify()
        }
        let registration = try await register()
        let credential = try registration.verify()
        for type in ["webauthn.create", "payment.get"] {
            let assertion = try await signIn(registration, signCount: 1, ["type": type])
            #expect(throws: PasskeyCheckFailure.wrongType(type)) { try assertion.verify(credential) }
        }
    }

    @Test func presenceAndVerificationFlagsRequired() async throws {
        // Registration: UV and AT without UP; UP and AT without UV.
        await #expect(throws: PasskeyCheckFailure.userNotPresent) { try await register(["flags": 0x44]).verify() }
        await #expect(throws: PasskeyCheckFailure.userNotVerified) { try await register(["flags": 0x41]).verify() }
        let registration = try await register()
        let credential = try registration.verify()
        // Sign-in: the flags cleared and the authenticator data signed again with the device's key.
        let notPresent = try await signIn(registration, signCount: 1, ["flags": 0x04])
        #expect(throws: PasskeyCheckFailure.userNotPresent) { try notPresent.verify(credential) }
        let notVerified = try await signIn(registration, signCount: 1, ["flags": 0x01])
        #expect(throws: PasskeyCheckFailure.userNotVerified) { try notVerified.verify(credential) }
        // Flags changed after signing: the signature no longer covers them.
        var flipped = try await signIn(registration, signCount: 1)
        flipped.authenticatorData[32] |= 0x10 | 0x08
        #expect(throws: PasskeyCheckFailure.badSignature) { try flipped.verify(credential) }
    }

    @Test func tamperedSignatureRefused() async throws {
        let registration = try await register()
        let credential = try registration.verify()
        var assertion = try await signIn(registration, signCount: 1)
        assertion.signature[assertion.signature.count - 1] ^= 0x01
        #expect(throws: PasskeyCheckFailure.badSignature) { try assertion.verify(credential) }
        // Another credential's signature.
        let other = try await register()
        let foreign = try await signIn(other, signCount: 1)
        #expect(throws: PasskeyCheckFailure.badSignature) { try foreign.verify(credential) }
        // Not DER at all.
        assertion.signature = [0x30, 0x00]
        #expect(throws: PasskeyCheckFailure.badSignature) { try assertion.verify(credential) }
    }

    /// A cloned authenticator: a count that does not grow past the stored one.
    @Test func signCountThatDoesNotGrowRefused() async throws {
        let registration = try await register()
        let credential = try registration.verify()
        let five = try await signIn(registration, signCount: 5)
        #expect(try five.verify(credential, storedSignCount: 4) == 5)
        #expect(throws: PasskeyCheckFailure.signCountDidNotGrow(stored: 5, received: 5)) {
            try five.verify(credential, storedSignCount: 5)
        }
        #expect(throws: PasskeyCheckFailure.signCountDidNotGrow(stored: 9, received: 5)) {
            try five.verify(credential, storedSignCount: 9)
        }
        // DOMAIN.md refuses only when both counts are non-zero: an authenticator that stops counting (synced
        // passkeys send zero) is not taken for a clone.
        let zero = try await signIn(registration, signCount: 0)
        #expect(try zero.verify(credential, storedSignCount: 5) == 0)
        // An authenticator that keeps no count: zero after zero passes.
        #expect(try zero.verify(credential, storedSignCount: 0) == 0)
    }

    @Test func packedSelfAttestationAccepted() async throws {
        for (key, algorithm) in [("device", COSEAlgorithm.es256), ("ed25519", .edDSA), ("rsa", .rs256)] {
            let credential = try await register(["key": key, "fmt": "packed"]).verify()
            #expect(credential.algorithm == algorithm)
            #expect(credential.attestationFormat == "packed")
        }
    }

    /// Packed attestation with a certificate (here a self-signed one over the credential's key) is refused, not
    /// verified: nothing here judges certificate chains, and Kith asks for no attestation.
    @Test func packedWithCertificateRefused() async throws {
        await #expect(throws: PasskeyCheckFailure.unsupportedAttestation("packed with x5c")) {
            try await register(["fmt": "packed-x5c"]).verify()
        }
    }

    @Test func edDSAAndRS256CredentialsAccepted() async throws {
        for (key, algorithm) in [("ed25519", COSEAlgorithm.edDSA), ("rsa", .rs256)] {
            let registration = try await register(["key": key])
            let credential = try registration.verify()
            #expect(credential.algorithm == algorithm)
            let assertion = try await signIn(registration, signCount: 3)
            #expect(try assertion.verify(credential, storedSignCount: 2) == 3)
            var tampered = assertion
            tampered.signature[0] ^= 0x01
            #expect(throws: PasskeyCheckFailure.badSignature) { try tampered.verify(credential, storedSignCount: 2) }
        }
    }

    @Test func algorithmGamesRefused() async throws {
        // A packed statement naming another algorithm than the credential key's.
        await #expect(throws: PasskeyCheckFailure.attestationAlgorithmMismatch(statement: -257, credential: -7)) {
            try await register(["fmt": "packed", "statementAlg": -257]).verify()
        }
        await #expect(throws: PasskeyCheckFailure.attestationAlgorithmMismatch(statement: -7, credential: -8)) {
            try await register(["key": "ed25519", "fmt": "packed", "statementAlg": -7]).verify()
        }
        // A COSE key claiming an algorithm its key type does not fit.
        await #expect(throws: PasskeyCheckFailure.keyDoesNotMatchAlgorithm(-7)) {
            try await register(["key": "ed25519", "claimAlg": -7]).verify()
        }
        await #expect(throws: PasskeyCheckFailure.keyDoesNotMatchAlgorithm(-8)) {
            try await register(["claimAlg": -8]).verify()
        }
        await #expect(throws: PasskeyCheckFailure.keyDoesNotMatchAlgorithm(-257)) {
            try await register(["claimAlg": -257]).verify()
        }
        await #expect(throws: PasskeyCheckFailure.keyDoesNotMatchAlgorithm(-7)) {
            try await register(["key": "rsa", "claimAlg": -7]).verify()
        }
        // ES384 and PS256 are not offered.
        await #expect(throws: PasskeyCheckFailure.unsupportedAlgorithm(-35)) {
            try await register(["claimAlg": -35]).verify()
        }
        await #expect(throws: PasskeyCheckFailure.unsupportedAlgorithm(-37)) {
            try await register(["key": "rsa", "claimAlg": -37]).verify()
        }
    }

    @Test func trailingBytesRefused() async throws {
        // After the COSE key in the authenticator data (no ED flag): the attestation is "none", nothing re-signed.
        await #expect(throws: PasskeyCheckFailure.malformed("authenticator data: 1 byte after its end")) {
            try await register(["appendHex": "00"]).verify()
        }
        // After the attestation object.
        var registration = try await register()
        registration.attestationObject.append(0x00)
        #expect(throws: PasskeyCheckFailure.malformed("attestation object: 1 byte after the item")) {
            try registration.verify()
        }
        registration.attestationObject.removeLast()
        let credential = try registration.verify()
        // After an assertion's 37 bytes, signed with them.
        let assertion = try await signIn(registration, signCount: 1, ["appendHex": "a0"])
        #expect(throws: PasskeyCheckFailure.malformed("authenticator data: 1 byte after its end")) {
            try assertion.verify(credential)
        }
        // With the ED flag, the same map is read as the extensions and the assertion passes.
        let withExtensions = try await signIn(registration, signCount: 1, ["appendHex": "a0", "flags": 0x85])
        #expect(try withExtensions.verify(credential) == 1)
    }

    @Test func truncatedAttestationRefused() async throws {
        let registration = try await register()
        var truncated = registration
        truncated.attestationObject.removeLast()
        #expect(throws: PasskeyCheckFailure.malformed("attestation object: the input ends inside an item")) {
            try truncated.verify()
        }
        // Registration without the AT flag: its credential (16 + 2 + 32 + 77 bytes) is bytes after the end.
        await #expect(throws: PasskeyCheckFailure.malformed("authenticator data: 127 bytes after its end")) {
            try await register(["flags": 0x05]).verify()
        }
    }

    /// Attestation objects put together here around soft-webauthn's authenticator data: other formats and
    /// statements, and no credential at all.
    @Test func attestationFormatsOtherThanNoneAndPackedSelfRefused() async throws {
        let registration = try await register()
        let object = try CBORReader.decode(registration.attestationObject)
        guard case .bytes(let authenticatorData) = object["authData"] else {
            Issue.record("no authData")
            return
        }
        func verify(format: String, statement: [UInt8] = [0xA0], authenticatorData: [UInt8]) throws(PasskeyCheckFailure)
            -> PasskeyCredential
        {
            var changed = registration
            changed.attestationObject = attestationObject(
                format: format, statement: statement, authenticatorData: authenticatorData)
            return try changed.verify()
        }
        #expect(try verify(format: "none", authenticatorData: authenticatorData).id == registration.credentialID)
        for format in ["fido-u2f", "tpm", "android-key", "apple", "packed "] {
            #expect(throws: PasskeyCheckFailure.unsupportedAttestation(format)) {
                try verify(format: format, authenticatorData: authenticatorData)
            }
        }
        // "none" with something in its statement: {"alg": -7}.
        #expect(throws: PasskeyCheckFailure.malformed("attestation object: a \"none\" statement that is not empty")) {
            try verify(format: "none", statement: hexBytes("a163616c6726"), authenticatorData: authenticatorData)
        }
        // packed with no signature: {"alg": -7}.
        #expect(throws: PasskeyCheckFailure.malformed("packed attestation: alg and sig")) {
            try verify(format: "packed", statement: hexBytes("a163616c6726"), authenticatorData: authenticatorData)
        }
        // The first 37 bytes only, UP, UV and AT cleared of the credential: no credential to register.
        var bare = Array(authenticatorData[0..<37])
        bare[32] = 0x05
        #expect(throws: PasskeyCheckFailure.missingCredential) { try verify(format: "none", authenticatorData: bare) }
    }

    @Test func clientDataThatIsNotClientDataRefused() async throws {
        var registration = try await register()
        for json in ["", "[]", "{\"type\":\"webauthn.create\"}", "{\"type\":1,\"challenge\":\"\",\"origin\":\"\"}"] {
            registration.clientDataJSON = Array(json.utf8)
            #expect(throws: PasskeyCheckFailure.malformed("client data: not the JSON of type, challenge and origin")) {
                try registration.verify()
            }
        }
    }
}

/// An attestation object (CBOR map of fmt, attStmt and authData) around `statement` (CBOR) and `authenticatorData`.
private func attestationObject(format: String, statement: [UInt8], authenticatorData: [UInt8]) -> [UInt8] {
    func head(_ major: UInt8, _ length: Int) -> [UInt8] {
        switch length {
        case 0..<24: [major << 5 | UInt8(length)]
        case 24..<256: [major << 5 | 24, UInt8(length)]
        default: [major << 5 | 25, UInt8(length >> 8), UInt8(length & 0xFF)]
        }
    }
    func text(_ string: String) -> [UInt8] { head(3, string.utf8.count) + Array(string.utf8) }
    return [0xA3] + text("fmt") + text(format) + text("attStmt") + statement + text("authData")
        + head(2, authenticatorData.count) + authenticatorData
}

@Suite("Passkey relying party, options and parsing (no authenticator)")
struct PasskeyRelyingPartyTests {
    @Test func originsAllowed() throws {
        let party = try PasskeyRelyingParty(
            id: "Kith.Example",
            origins: ["https://kith.example", "https://app.kith.example:443", "https://kith.example"])
        #expect(party.id == "kith.example")
        #expect(party.origins == ["https://kith.example", "https://app.kith.example"])
        #expect(party.allows(origin: "https://app.kith.example"))
        #expect(!party.allows(origin: "https://app.kith.example:443"))
        let local = try PasskeyRelyingParty(id: "localhost", origins: ["http://localhost:8080", "http://localhost"])
        #expect(local.origins == ["http://localhost:8080", "http://localhost"])
        let loopback = try PasskeyRelyingParty(id: "127.0.0.1", origins: ["http://127.0.0.1:9000"])
        #expect(loopback.allows(origin: "http://127.0.0.1:9000"))
    }

    @Test(
        "Origins refused with a sentence",
        arguments: [
            ("kith.example", ["http://kith.example"], "must use https (http only on localhost or 127.0.0.1)"),
            ("kith.example", ["https://evil.example"], "is not on the relying party id \"kith.example\""),
            ("kith.example", ["https://notkith.example"], "is not on the relying party id \"kith.example\""),
            ("kith.example", ["https://kith.example/"], "scheme, host and port only, no path"),
            ("kith.example", ["https://kith.example/app"], "scheme, host and port only, no path"),
            ("kith.example", ["kith.example"], "which starts with https://"),
            ("kith.example", ["ftp://kith.example"], "which starts with https://"),
            ("kith.example", ["https://kith.example:0"], "has no valid port"),
            ("kith.example", ["https://kith.example:99999"], "has no valid port"),
            ("kith.example", ["https://kith.example:+80"], "has no valid port"),
            ("kith.example", ["https://user@kith.example"], "scheme, host and port only, no path"),
            ("kith.example", [], "at least one --passkey-origin"),
            ("https://kith.example", ["https://kith.example"], "is not a host name"),
            ("kith.example:443", ["https://kith.example"], "is not a host name"),
            ("", ["https://kith.example"], "is not a host name"),
        ])
    func originRefused(id: String, origins: [String], sentence: String) {
        #expect {
            try PasskeyRelyingParty(id: id, origins: origins)
        } throws: { error in
            "\(error)".contains(sentence)
        }
    }

    @Test func creationOptionsJSON() throws {
        let party = try PasskeyRelyingParty(id: "kith.example", origins: ["https://kith.example"])
        let options = PasskeyCreationOptions(
            relyingParty: party, userHandle: [0xFB, 0xFF], userName: "ada@example.com", displayName: "Ada",
            challenge: [0xFF, 0xFE, 0xFD], excludedCredentialIDs: [[1, 2, 3]])
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(options)) as! NSDictionary
        let expected: NSDictionary = [
            "rp": ["id": "kith.example", "name": "Kith"],
            "user": ["id": "-_8", "name": "ada@example.com", "displayName": "Ada"],
            "challenge": "__79",
            "pubKeyCredParams": [
                ["type": "public-key", "alg": -7], ["type": "public-key", "alg": -8],
                ["type": "public-key", "alg": -257],
            ],
            "timeout": 300_000,
            "excludeCredentials": [["type": "public-key", "id": "AQID"]],
            "authenticatorSelection": [
                "residentKey": "preferred", "requireResidentKey": false, "userVerification": "required",
            ],
            "attestation": "none",
        ]
        #expect(object == expected)
    }

    @Test func requestOptionsJSON() throws {
        let party = try PasskeyRelyingParty(id: "kith.example", origins: ["https://kith.example"])
        let known = PasskeyRequestOptions(relyingParty: party, challenge: [1, 2, 3], allowedCredentialIDs: [[4]])
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(known)) as! NSDictionary
        let expected: NSDictionary = [
            "challenge": "AQID", "rpId": "kith.example", "allowCredentials": [["type": "public-key", "id": "BA"]],
            "userVerification": "required", "timeout": 300_000,
        ]
        #expect(object == expected)
        let discoverable = PasskeyRequestOptions(relyingParty: party, challenge: [1])
        let bare = try JSONSerialization.jsonObject(with: JSONEncoder().encode(discoverable)) as! NSDictionary
        #expect(bare["allowCredentials"] == nil)
    }

    @Test func base64URL() {
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.decode("-_8") == [0xFB, 0xFF])
        #expect(Base64URL.decode("") == [])
        #expect(Base64URL.decode("-_8=") == nil)
        #expect(Base64URL.decode("+/8") == nil)
        #expect(Base64URL.decode("a") == nil)
    }

    @Test func authenticatorDataTooShortOrInconsistent() {
        #expect(throws: PasskeyCheckFailure.malformed("authenticator data: 36 bytes, fewer than 37")) {
            try AuthenticatorData(bytes: [UInt8](repeating: 0, count: 36))
        }
        // AT set with no room for the credential.
        #expect(throws: PasskeyCheckFailure.malformed("authenticator data: attested credential")) {
            try AuthenticatorData(bytes: [UInt8](repeating: 0, count: 32) + [0x41, 0, 0, 0, 1])
        }
        // BS without BE.
        #expect(throws: PasskeyCheckFailure.malformed("authenticator data: backed up but not backup eligible")) {
            try AuthenticatorData(bytes: [UInt8](repeating: 0, count: 32) + [0x15, 0, 0, 1, 0])
        }
        // A credential id longer than 1023 bytes.
        #expect(throws: PasskeyCheckFailure.malformed("authenticator data: credential id of 1024 bytes")) {
            try AuthenticatorData(
                bytes: [UInt8](repeating: 0, count: 32) + [0x45, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 16)
                    + [0x04, 0x00])
        }
        // Sign count big endian.
        let parsed = try? AuthenticatorData(bytes: [UInt8](repeating: 7, count: 32) + [0x1D, 0x01, 0x02, 0x03, 0x04])
        #expect(parsed?.signCount == 0x0102_0304)
        #expect(parsed?.flags == [.userPresent, .userVerified, .backupEligible, .backedUp])
    }

    @Test func storedKeysThatAreNotKeysRefused() {
        #expect(throws: PasskeyCheckFailure.malformed("COSE key: the input ends inside an item")) {
            try COSEPublicKey(bytes: [0xA5])
        }
        // {1: 2, 3: -7, -1: 1, -2: 32 zero bytes, -3: 32 zero bytes}: not a point on P-256.
        let zeros = [UInt8](repeating: 0, count: 32)
        let notAPoint = hexBytes("a5010203262001215820") + zeros + [0x22, 0x58, 0x20] + zeros
        #expect(throws: PasskeyCheckFailure.malformed("COSE key: not a P-256 point")) {
            try COSEPublicKey(bytes: notAPoint)
        }
        // No alg.
        #expect(throws: PasskeyCheckFailure.malformed("COSE key: no alg")) {
            try COSEPublicKey(bytes: hexBytes("a10102"))
        }
    }
}

/// A software authenticator nobody here wrote: PyPI `soft-webauthn` 0.1.4 over `fido2` 1.2.0 (installed by
/// Tools/python-tools), run by `python3` with the small driver below. The driver hands it our options JSON as a
/// browser would, then changes what a test asks for (flags, rp id hash, client data members, appended bytes, the COSE
/// key's alg, packed attestation) and signs again with the credential's private key whatever the change touched that
/// a signature covers, so only the check a test aims at can fail. EdDSA and RS256 credentials, which soft-webauthn
/// does not make, come from `cryptography` and `fido2.cose` in the same layout.
private enum SoftAuthenticator {
    /// The driver's answer to `request` (JSON in, JSON out), with the pinned Python tools (`PythonTools`).
    static func run(_ request: [String: Any]) async throws -> [String: Any] {
        let output = try await PythonTools.run(driver, input: try JSONSerialization.data(withJSONObject: request))
        return try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: Any]
    }

    static let driver = #"""
        import base64, datetime, json, struct, sys
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec, ed25519, padding, rsa
        from fido2 import cbor
        from fido2.cose import ES256, EdDSA, RS256
        from fido2.utils import sha256
        from soft_webauthn import SoftWebauthnDevice

        def b64(data): return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")
        def unb64(text): return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))

        def sign(key, data):
            if isinstance(key, ec.EllipticCurvePrivateKey): return key.sign(data, ec.ECDSA(hashes.SHA256()))
            if isinstance(key, ed25519.Ed25519PrivateKey): return key.sign(data)
            return key.sign(data, padding.PKCS1v15(), hashes.SHA256())

        def cose_key(key, claim_alg):
            public = key.public_key()
            if isinstance(key, ec.EllipticCurvePrivateKey): cose = ES256.from_cryptography_key(public)
            elif isinstance(key, ed25519.Ed25519PrivateKey): cose = EdDSA.from_cryptography_key(public)
            else: cose = RS256.from_cryptography_key(public)
            cose = dict(cose)
            if claim_alg is not None: cose[3] = claim_alg
            return cbor.encode(cose)

        def pem(key):
            return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                     serialization.NoEncryption()).decode("ascii")

        def browser_options(options):
            """The JSON options as a browser hands them to the authenticator: binary members as bytes."""
            options = json.loads(json.dumps(options))
            options["challenge"] = unb64(options["challenge"])
            if "user" in options: options["user"]["id"] = unb64(options["user"]["id"])
            return {"publicKey": options}

        def client_data(request, default_type, challenge, origin):
            data = {"type": request.get("type", default_type), "challenge": request.get("challenge", challenge),
                    "origin": request["origin"]}
            if "crossOrigin" in request: data["crossOrigin"] = request["crossOrigin"]
            return json.dumps(data).encode("utf-8")

        def create(request):
            options = request["options"]
            kind = request.get("key", "device")
            if kind == "device":
                # soft-webauthn answers as it does; what a test changes is changed after.
                device = SoftWebauthnDevice()
                answer = device.create(browser_options(options), request["origin"])
                key = device.private_key
                credential_id = answer["rawId"]
                client_json = answer["response"]["clientDataJSON"]
                auth_data = bytearray(cbor.decode(answer["response"]["attestationObject"])["authData"])
                if any(name in request for name in ("type", "challenge", "crossOrigin")):
                    client_json = client_data(request, "webauthn.create", options["challenge"], request["origin"])
                if "claimAlg" in request:
                    auth_data = auth_data[:55 + len(credential_id)] + cose_key(key, request["claimAlg"])
            else:
                if kind == "ed25519": key = ed25519.Ed25519PrivateKey.generate()
                else: key = rsa.generate_private_key(65537, 2048)
                credential_id = bytes(range(16))
                client_json = client_data(request, "webauthn.create", options["challenge"], request["origin"])
                auth_data = bytearray(sha256(options["rp"]["id"].encode()) + b"\x41" + struct.pack(">I", 0) + b"\0" * 16
                                      + struct.pack(">H", len(credential_id)) + credential_id
                                      + cose_key(key, request.get("claimAlg")))
            if "rpId" in request: auth_data[0:32] = sha256(request["rpId"].encode())
            if request.get("flags") is not None: auth_data[32] = request["flags"]
            auth_data = bytes(auth_data) + bytes.fromhex(request.get("appendHex", ""))
            statement = {}
            fmt = request.get("fmt", "none")
            if fmt in ("packed", "packed-x5c"):
                natural = -7 if isinstance(key, ec.EllipticCurvePrivateKey) else (
                    -8 if isinstance(key, ed25519.Ed25519PrivateKey) else -257)
                alg = request.get("statementAlg", request.get("claimAlg", natural))
                statement = {"alg": alg, "sig": sign(key, auth_data + sha256(client_json))}
                if fmt == "packed-x5c":
                    name = x509.Name([x509.NameAttribute(x509.NameOID.COMMON_NAME, "Batch")])
                    now = datetime.datetime(2026, 1, 1)
                    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
                            .serial_number(1).not_valid_before(now).not_valid_after(now + datetime.timedelta(days=3650))
                            .sign(key, hashes.SHA256() if not isinstance(key, ed25519.Ed25519PrivateKey) else None))
                    statement["x5c"] = [cert.public_bytes(serialization.Encoding.DER)]
                fmt = "packed"
            attestation = cbor.encode({"fmt": fmt, "attStmt": statement, "authData": auth_data})
            return {"clientDataJSON": b64(client_json), "attestationObject": b64(attestation),
                    "credentialId": b64(credential_id), "privateKey": pem(key)}

        def get(request):
            options = request["options"]
            key = serialization.load_pem_private_key(request["privateKey"].encode(), None)
            count = request["signCount"]
            if isinstance(key, ec.EllipticCurvePrivateKey):
                device = SoftWebauthnDevice()
                device.private_key = key
                device.credential_id = unb64(request["credentialId"])
                device.rp_id = options["rpId"]
                device.sign_count = count - 1  # get() counts first
                answer = device.get(browser_options(options), request["origin"])
                client_json = answer["response"]["clientDataJSON"]
                auth_data = bytearray(answer["response"]["authenticatorData"])
                signature = answer["response"]["signature"]
            else:
                client_json = client_data({"origin": request["origin"]}, "webauthn.get", options["challenge"], None)
                auth_data = bytearray(sha256(options["rpId"].encode()) + b"\x01" + struct.pack(">I", count))
                signature = None
            changed = bytes(auth_data)
            if any(name in request for name in ("type", "challenge", "crossOrigin")):
                client_json = client_data(request, "webauthn.get", options["challenge"], request["origin"])
            if "rpId" in request: auth_data[0:32] = sha256(request["rpId"].encode())
            auth_data[32] = request.get("flags", 0x05)
            auth_data = bytes(auth_data) + bytes.fromhex(request.get("appendHex", ""))
            if signature is None or auth_data != changed or request.get("resign", False) or any(
                    name in request for name in ("type", "challenge", "crossOrigin")):
                # What soft-webauthn signed was changed: signed again with its key, so only the changed check can fail.
                signature = sign(key, auth_data + sha256(client_json))
            return {"clientDataJSON": b64(client_json), "authenticatorData": b64(auth_data),
                    "signature": b64(signature)}

        request = json.load(sys.stdin)
        print(json.dumps(create(request) if request["op"] == "create" else get(request)))
        """#
}
