import Accounts
import Foundation
import Kernel
import Passkeys
import WebAuthn

// MARK: - Passkeys (DOMAIN.md "Stronger sign-in")

extension LocalIdentityService {
    public func passkeyRegistrationOptions(_ principal: Principal) async throws -> PasskeyCreationOptions {
        let relyingParty = try requirePasskeys()
        return try await asSelf(principal) {
            let now = clock.now()
            let challenge = random.bytes(PasskeyChallenge.length)
            let newHandle = random.bytes(PasskeyRules.userHandleLength)
            return try await store.write { transaction in
                let account = try transaction.authenticate(principal, at: now)
                let handle: [UInt8]
                if let existing = try transaction.passkeyUserHandle(accountId: account.id) {
                    handle = existing
                } else {
                    try transaction.insertPasskeyUserHandle(newHandle, accountId: account.id)
                    handle = newHandle
                }
                try transaction.insertPasskeyChallenge(
                    PasskeyChallenge(
                        challengeHash: PasskeyChallenge.hash(Base64URL.encode(challenge)),
                        purpose: .registration, accountId: account.id, createdAt: now,
                        expiresAt: now.addingTimeInterval(PasskeyChallenge.lifetime)),
                    removingExpiredAt: now)
                return PasskeyCreationOptions(
                    relyingParty: relyingParty, userHandle: handle, userName: account.email,
                    displayName: "\(account.firstName) \(account.lastName)", challenge: challenge,
                    excludedCredentialIDs: try transaction.passkeys(accountId: account.id).compactMap {
                        Base64URL.decode($0.id)
                    })
            }
        }
    }

    public func registerPasskey(
        _ principal: Principal, name: String, credential: PasskeyRegistrationCredential
    ) async throws -> Passkey {
        let relyingParty = try requirePasskeys()
        return try await asSelf(principal) {
            let name = try PasskeyRules.validName(name)
            let now = clock.now()
            let random = random
            let outcome = try await store.write { transaction -> Result<Passkey, PasskeyCheckFailure> in
                let account = try transaction.authenticate(principal, at: now)
                let decoded: PasskeyRules.Registration
                switch PasskeyRules.decode(credential) {
                case .success(let value): decoded = value
                case .failure(let failure): return .failure(failure)
                }
                // Taken whether the checks pass or not: a challenge is used once.
                guard let challenge = try transaction.takePasskeyChallenge(hash: decoded.challengeHash),
                    challenge.isLive(at: now), challenge.purpose == .registration, challenge.accountId == account.id
                else { return .failure(.unknownChallenge) }
                let checked: PasskeyCredential
                do throws(PasskeyCheckFailure) {
                    checked = try PasskeyCeremony.verifyRegistration(
                        clientDataJSON: decoded.clientDataJSON, attestationObject: decoded.attestationObject,
                        expectedChallenge: decoded.challenge, relyingParty: relyingParty)
                } catch {
                    return .failure(error)
                }
                let id = Base64URL.encode(checked.id)
                guard try transaction.passkey(id: id) == nil else { return .failure(.credentialAlreadyRegistered) }
                let passkey = Passkey(
                    id: id, accountId: account.id, name: name, publicKey: checked.publicKey,
                    algorithm: checked.algorithm.rawValue, signCount: checked.signCount,
                    aaguid: checked.aaguid.allSatisfy { $0 == 0 } ? nil : checked.aaguid, createdAt: now)
                try transaction.insertPasskey(passkey)
                try transaction.emitCredentialChanged(
                    accountId: account.id, .passkey, .added, extra: ["passkeyId": passkey.id], at: now, random: random)
                return .success(passkey)
            }
            return try refusingFailed(outcome)
        }
    }

    public func passkeys(_ principal: Principal) async throws -> [Passkey] {
        _ = try requirePasskeys()
        return try await asSelf(principal) {
            let now = clock.now()
            return try await store.read { transaction in
                try transaction.passkeys(accountId: try transaction.authenticate(principal, at: now).id)
            }
        }
    }

    public func removePasskey(_ principal: Principal, id: String, password: String?) async throws {
        _ = try requirePasskeys()
        try await asSelf(principal) {
            let now = clock.now()
            // An unknown id is refused before the password is hashed.
            let candidate = try await store.read { transaction -> PasswordCandidate in
                let account = try transaction.authenticate(principal, at: now)
                guard try transaction.passkey(id: id)?.accountId == account.id else {
                    throw IdentityError.notFound(.passkey, id)
                }
                return PasswordCandidate(
                    account: account, passwordHash: try transaction.passwordHash(accountId: account.id))
            }
            let (verified, hasPassword) = try await proveAccount(candidate, password: password)
            let random = random
            try await store.write(durability: .immediate) { transaction in
                let account = try transaction.requireUnchanged(verified)
                _ = try transaction.authenticate(principal, at: now)
                if !hasPassword {
                    try transaction.requireRecentSignIn(principal, at: now, or: .recentSignInNeededToRemovePasskey)
                }
                let passkeys = try transaction.passkeys(accountId: account.id)
                guard passkeys.contains(where: { $0.id == id }) else { throw IdentityError.notFound(.passkey, id) }
                // Never the account's only way to sign in.
                let methods = try transaction.signInMethods(accountId: account.id)
                guard
                    methods.hasPassword || !methods.identities.isEmpty
                        || passkeys.contains(where: { $0.id != id && $0.canSignIn })
                else {
                    throw IdentityError.onlySignInMethod
                }
                try transaction.deletePasskey(id: id)
                try transaction.emitCredentialChanged(
                    accountId: account.id, .passkey, .removed, extra: ["passkeyId": id], at: now, random: random)
            }
        }
    }

    public func passkeySignInOptions(clientAddress: String?) async throws -> PasskeyRequestOptions {
        let relyingParty = try requirePasskeys()
        let now = clock.now()
        let challenge = random.bytes(PasskeyChallenge.length)
        try await store.write { transaction in
            // Every ask stores a challenge: counted per address, so nobody fills the table.
            try transaction.countAttempt(against: [SignInLimits.passkeyOptions(clientAddress)], at: now) {
                .tooManySignInAttempts(retryAfter: $0)
            }
            try transaction.insertPasskeyChallenge(
                PasskeyChallenge(
                    challengeHash: PasskeyChallenge.hash(Base64URL.encode(challenge)), purpose: .signIn,
                    accountId: nil, createdAt: now, expiresAt: now.addingTimeInterval(PasskeyChallenge.lifetime)),
                removingExpiredAt: now)
        }
        return PasskeyRequestOptions(relyingParty: relyingParty, challenge: challenge)
    }

    public func signIn(passkey credential: PasskeyAssertionCredential, clientAddress: String?) async throws
        -> SessionGrant
    {
        let relyingParty = try requirePasskeys()
        let limit = SignInLimits.address(clientAddress)
        let now = clock.now()
        let label = newSessionWhere
        let random = random
        let outcome = try await store.write { transaction -> Result<SessionGrant, PasskeyCheckFailure> in
            // Counted before anything is checked (the address's limit only: a passkey names no account until its
            // credential is found, and cannot be guessed); while the address is blocked, nothing is checked or used.
            try transaction.countAttempt(against: [limit], at: now) { .tooManySignInAttempts(retryAfter: $0) }
            let decoded: PasskeyRules.Assertion
            switch PasskeyRules.decode(credential) {
            case .success(let value): decoded = value
            case .failure(let failure): return .failure(failure)
            }
            // Taken whether the checks pass or not: a replayed or failed challenge is gone.
            guard let challenge = try transaction.takePasskeyChallenge(hash: decoded.challengeHash),
                challenge.isLive(at: now), challenge.purpose == .signIn
            else { return .failure(.unknownChallenge) }
            guard let passkey = try transaction.passkey(id: decoded.credentialId),
                try transaction.account(id: passkey.accountId) != nil
            else { return .failure(.unknownCredential) }
            if let userHandle = decoded.userHandle {
                guard try transaction.passkeyUserHandle(accountId: passkey.accountId) == userHandle else {
                    return .failure(.userHandleMismatch)
                }
            }
            let signCount: UInt32
            do throws(PasskeyCheckFailure) {
                signCount = try PasskeyCeremony.verifyAssertion(
                    clientDataJSON: decoded.clientDataJSON, authenticatorData: decoded.authenticatorData,
                    signature: decoded.signature, expectedChallenge: decoded.challenge, relyingParty: relyingParty,
                    storedPublicKey: passkey.publicKey, storedSignCount: passkey.signCount)
            } catch {
                return .failure(error)
            }
            try transaction.recordPasskeyUse(id: passkey.id, signCount: signCount, at: now)
            let state = try transaction.rateLimitState(key: limit.key)
            try transaction.setRateLimitState(limit.limiter.forgiving(state, failureAt: now), key: limit.key)
            // Two-step sign-in is not asked: a passkey is the stronger proof (DOMAIN.md).
            let (session, grant) = Self.newSession(
                accountId: passkey.accountId, now: now, random: random, where: label, signedInWith: .passkey)
            try transaction.insertSession(session)
            return .success(grant)
        }
        return try refusingFailed(outcome)
    }

    // MARK: - Helpers

    /// The relying party, or "Passkeys are not set up here".
    private func requirePasskeys() throws(IdentityError) -> PasskeyRelyingParty {
        guard let passkeyRelyingParty else { throw .passkeysNotConfigured }
        return passkeyRelyingParty
    }

    /// The value, or the failed check logged and "Passkey sign-in failed. Please try again." thrown (after the
    /// commit that took the challenge and counted the attempt).
    private func refusingFailed<T>(_ outcome: Result<T, PasskeyCheckFailure>) throws -> T {
        switch outcome {
        case .success(let value): return value
        case .failure(let failure):
            passkeyLog?(failure)
            throw IdentityError.passkeySignInFailed
        }
    }
}

/// The rules passkey calls share: names, and reading a credential's base64url members.
enum PasskeyRules {
    /// The random bytes of an account's user handle.
    static let userHandleLength = 32
    /// The longest passkey name, in characters.
    static let maxNameLength = 64
    /// The name of a passkey registered without one.
    static let defaultName = "Passkey"

    /// `raw` trimmed; "Passkey" when empty; at most 64 characters and no control characters.
    static func validName(_ raw: String) throws(IdentityError) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { return defaultName }
        guard name.count <= maxNameLength else {
            throw .invalidName(
                field: "passkey name", problem: .tooLong(maxLength: maxNameLength), maxLength: maxNameLength)
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidName(field: "passkey name", problem: .controlCharacter, maxLength: maxNameLength)
        }
        return name
    }

    struct Registration {
        var clientDataJSON: [UInt8]
        var attestationObject: [UInt8]
        var challenge: [UInt8]
        var challengeHash: String
    }

    struct Assertion {
        var credentialId: String
        var clientDataJSON: [UInt8]
        var authenticatorData: [UInt8]
        var signature: [UInt8]
        var userHandle: [UInt8]?
        var challenge: [UInt8]
        var challengeHash: String
    }

    static func decode(_ credential: PasskeyRegistrationCredential) -> Result<Registration, PasskeyCheckFailure> {
        guard credential.type == "public-key" else { return .failure(.malformed("credential type")) }
        guard let clientData = Base64URL.decode(credential.response.clientDataJSON),
            let attestation = Base64URL.decode(credential.response.attestationObject)
        else { return .failure(.malformed("credential: base64url members")) }
        guard let (challenge, text) = challenge(in: clientData) else {
            return .failure(.malformed("client data: no challenge"))
        }
        return .success(
            Registration(
                clientDataJSON: clientData, attestationObject: attestation, challenge: challenge,
                challengeHash: PasskeyChallenge.hash(text)))
    }

    static func decode(_ credential: PasskeyAssertionCredential) -> Result<Assertion, PasskeyCheckFailure> {
        guard credential.type == "public-key" else { return .failure(.malformed("credential type")) }
        guard let rawId = Base64URL.decode(credential.rawId), !rawId.isEmpty,
            let clientData = Base64URL.decode(credential.response.clientDataJSON),
            let authenticatorData = Base64URL.decode(credential.response.authenticatorData),
            let signature = Base64URL.decode(credential.response.signature)
        else { return .failure(.malformed("credential: base64url members")) }
        var userHandle: [UInt8]?
        if let text = credential.response.userHandle, !text.isEmpty {
            guard let bytes = Base64URL.decode(text) else { return .failure(.malformed("user handle")) }
            userHandle = bytes
        }
        guard let (challenge, text) = challenge(in: clientData) else {
            return .failure(.malformed("client data: no challenge"))
        }
        return .success(
            Assertion(
                credentialId: Base64URL.encode(rawId), clientDataJSON: clientData,
                authenticatorData: authenticatorData, signature: signature, userHandle: userHandle,
                challenge: challenge, challengeHash: PasskeyChallenge.hash(text)))
    }

    /// The challenge client data names (its bytes and its base64url text), to find the stored one by.
    private static func challenge(in clientDataJSON: [UInt8]) -> ([UInt8], String)? {
        struct Challenge: Decodable { let challenge: String }
        guard let text = try? JSONDecoder().decode(Challenge.self, from: Data(clientDataJSON)).challenge,
            let bytes = Base64URL.decode(text), !bytes.isEmpty
        else { return nil }
        return (bytes, text)
    }
}
