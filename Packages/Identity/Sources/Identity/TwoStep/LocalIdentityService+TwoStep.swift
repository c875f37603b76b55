import Accounts
import Foundation
import Kernel
import TwoStep

// MARK: - Two-step sign-in (DOMAIN.md "Stronger sign-in")

extension LocalIdentityService {
    public func twoStepStatus(_ principal: Principal) async throws -> TwoStepStatus {
        let now = clock.now()
        return try await store.read { transaction in
            let account = try transaction.authenticate(principal, at: now)
            return TwoStepStatus(
                enabled: try transaction.twoStep(accountId: account.id)?.isEnabled ?? false,
                recoveryCodesLeft: try transaction.recoveryCodes(accountId: account.id).count { $0.usedAt == nil })
        }
    }

    public func beginTwoStep(_ principal: Principal, password: String) async throws -> TwoStepSetup {
        try await asSelf(principal) {
            let now = clock.now()
            let verified = try await provePassword(principal, password: password, at: now, whenOn: false)
            let secret = random.bytes(TOTP.secretLength)
            let key = sealingKey
            return try await store.write { transaction in
                let account = try transaction.requireUnchanged(verified)
                try TwoStepRules.requireOff(try transaction.twoStep(accountId: account.id))
                // A setup begun again replaces the older one: only the latest secret shown can be confirmed.
                try transaction.saveTwoStep(
                    TwoStepRecord(
                        accountId: account.id,
                        storedSecret: try StoredTOTPSecret.store(secret, accountId: account.id, key: key),
                        createdAt: now))
                return TwoStepSetup(secret: Base32.encode(secret), uri: TOTP.uri(secret: secret, email: account.email))
            }
        }
    }

    public func confirmTwoStep(_ principal: Principal, code: String) async throws -> [String] {
        try await asSelf(principal) {
            let now = clock.now()
            let code = code.trimmingWhitespace()
            let key = sealingKey
            // The code is checked first, so a wrong one costs no hashing; the write checks it again.
            let accepted = try await store.read { transaction in
                try Self.firstCodeStep(code, principal: principal, key: key, at: now, in: transaction) != nil
            }
            guard accepted else { throw IdentityError.wrongSecondFactorCode }
            let codes = RecoveryCodes.generate(random: random)
            let hashed = try await hashedRecoveryCodes(codes)
            let random = random
            try await store.write { transaction in
                guard let step = try Self.firstCodeStep(code, principal: principal, key: key, at: now, in: transaction)
                else { throw IdentityError.wrongSecondFactorCode }
                guard var record = try transaction.twoStep(accountId: principal.accountId) else {
                    throw IdentityError.twoStepNotBegun
                }
                record.enabledAt = now
                record.lastUsedStep = step
                try transaction.saveTwoStep(record)
                try transaction.replaceRecoveryCodes(
                    TwoStepRules.records(hashed, accountId: record.accountId, at: now, random: random),
                    accountId: record.accountId)
                try transaction.emitCredentialChanged(
                    accountId: record.accountId, .twoStep, .on, at: now, random: random)
            }
            return codes
        }
    }

    /// The step of `code`, a first code for the principal's begun setup; nil when it is not right.
    private static func firstCodeStep(
        _ code: String, principal: Principal, key: SealingKey?, at now: Date,
        in transaction: any IdentityStoreTransaction
    ) throws -> Int64? {
        let account = try transaction.authenticate(principal, at: now)
        let record = try transaction.twoStep(accountId: account.id)
        try TwoStepRules.requireOff(record)
        guard let record else { throw IdentityError.twoStepNotBegun }
        let secret = try StoredTOTPSecret.open(record.storedSecret, accountId: account.id, key: key)
        return TOTP.acceptedStep(for: code, secret: secret, at: now, after: nil)
    }

    public func disableTwoStep(_ principal: Principal, password: String, code: String) async throws {
        try await asSelf(principal) {
            let now = clock.now()
            let verified = try await provePassword(principal, password: password, at: now, whenOn: true)
            let recovery = try await matchingRecoveryCode(code, accountId: principal.accountId)
            let key = sealingKey
            let random = random
            let accepted = try await store.write(durability: .immediate) { transaction -> Bool in
                let account = try transaction.requireUnchanged(verified)
                guard try transaction.twoStep(accountId: account.id)?.isEnabled == true else {
                    throw IdentityError.twoStepOff
                }
                guard
                    try transaction.acceptSecondFactor(
                        code, recovery: recovery, accountId: account.id, key: key, at: now)
                else { return false }
                try transaction.deleteTwoStep(accountId: account.id)
                try transaction.emitCredentialChanged(accountId: account.id, .twoStep, .off, at: now, random: random)
                return true
            }
            guard accepted else { throw IdentityError.wrongSecondFactorCode }
        }
    }

    public func newRecoveryCodes(_ principal: Principal, password: String) async throws -> [String] {
        try await asSelf(principal) {
            let now = clock.now()
            let verified = try await provePassword(principal, password: password, at: now, whenOn: true)
            let codes = RecoveryCodes.generate(random: random)
            let hashed = try await hashedRecoveryCodes(codes)
            let random = random
            try await store.write(durability: .immediate) { transaction in
                let account = try transaction.requireUnchanged(verified)
                guard try transaction.twoStep(accountId: account.id)?.isEnabled == true else {
                    throw IdentityError.twoStepOff
                }
                try transaction.replaceRecoveryCodes(
                    TwoStepRules.records(hashed, accountId: account.id, at: now, random: random), accountId: account.id)
            }
            return codes
        }
    }

    public func completeSignIn(challenge: String, code: String, clientAddress: String?) async throws -> SessionGrant {
        let tokenHash = TokenDigest.hexDigest(challenge)
        let code = code.trimmingWhitespace()
        let attempted = clock.now()
        // The code is counted before it is checked, against the same limits as passwords (the account's email, the
        // address the code came from), so codes cannot be guessed faster than passwords.
        let (accountId, limits) = try await store.write { transaction -> (String, SignInLimits) in
            guard let challenge = try transaction.signInChallenge(tokenHash: tokenHash),
                challenge.isLive(at: attempted),
                let account = try transaction.account(id: challenge.accountId)
            else { throw IdentityError.signInChallengeExpired }
            let limits = SignInLimits(email: account.email, clientAddress: clientAddress)
            try transaction.countSignInAttempt(limits, at: attempted)
            return (account.id, limits)
        }
        let recovery = try await matchingRecoveryCode(code, accountId: accountId)
        let now = clock.now()
        let key = sealingKey
        let label = newSessionWhere
        let random = random
        let grant = try await store.write { transaction -> SessionGrant? in
            guard let challenge = try transaction.signInChallenge(tokenHash: tokenHash), challenge.isLive(at: now),
                let account = try transaction.account(id: challenge.accountId), account.id == accountId
            else { throw IdentityError.signInChallengeExpired }
            guard try transaction.acceptSecondFactor(code, recovery: recovery, accountId: account.id, key: key, at: now)
            else { return nil }
            try transaction.markSignInChallengeUsed(tokenHash: tokenHash, at: now)
            // The password's own attempt left the counts when it proved right (`signIn`); a completed sign-in clears
            // the account's count for the address the password came from, as a sign-in without a second step does.
            try transaction.forgiveSignInAttempt(limits, attemptedAt: attempted)
            try transaction.setRateLimitState(
                .fresh,
                key: SignInLimits(email: account.email, clientAddress: challenge.clientAddress)
                    .accountFromAddress.key)
            let (session, grant) = Self.newSession(
                accountId: account.id, now: now, random: random, where: label,
                signedInWith: recovery == nil ? .passwordAndCode : .passwordAndRecoveryCode)
            try transaction.insertSession(session)
            return grant
        }
        guard let grant else { throw IdentityError.wrongSecondFactorCode }
        return grant
    }

    /// The second step a right password leads to when the account's two-step sign-in is on: a challenge stored in
    /// `transaction` (its raw token returned once), or nil when the account signs in with its password alone.
    static func secondStep(
        for account: Account, clientAddress: String?, attemptedAt attempted: Date, at now: Date,
        random: any RandomSource, in transaction: any IdentityStoreTransaction
    ) throws -> String? {
        guard try transaction.twoStep(accountId: account.id)?.isEnabled == true else { return nil }
        let token = Data(random.bytes(32)).base64EncodedString()
        try transaction.insertSignInChallenge(
            SignInChallenge(
                tokenHash: TokenDigest.hexDigest(token), accountId: account.id, clientAddress: clientAddress,
                attemptedAt: attempted, expiresAt: now.addingTimeInterval(SignInChallenge.lifetime)),
            removingExpiredAt: now)
        return token
    }

    // MARK: - Helpers

    /// The principal's account with `password` verified; two-step sign-in guards password sign-in, so an account
    /// without a password cannot turn it on. Refused before any hashing unless two-step sign-in is on (`whenOn`) or
    /// off as the call needs.
    private func provePassword(
        _ principal: Principal, password: String, at now: Date, whenOn: Bool
    ) async throws -> PasswordCandidate {
        let candidate = try await store.read { transaction -> PasswordCandidate in
            let account = try transaction.authenticate(principal, at: now)
            try TwoStepRules.require(on: whenOn, try transaction.twoStep(accountId: account.id))
            return PasswordCandidate(
                account: account, passwordHash: try transaction.passwordHash(accountId: account.id))
        }
        guard candidate.passwordHash != AccountRules.noPasswordHash else { throw IdentityError.twoStepNeedsPassword }
        return try await verify(password, against: candidate)
    }

    /// Argon2id hashes of new recovery codes (computed before any transaction opens: hashing is slow).
    private func hashedRecoveryCodes(_ codes: [String]) async throws -> [String] {
        var hashes: [String] = []
        for code in codes { hashes.append(try await hasher.hash(code)) }
        return hashes
    }

    /// The id of the account's unused recovery code `typed` is, when it is shaped like one; checked before the
    /// transaction that uses it (hashing is slow), which makes sure it is still unused.
    private func matchingRecoveryCode(_ typed: String, accountId: String) async throws -> String? {
        guard let code = RecoveryCodes.normalized(typed) else { return nil }
        let records = try await store.read { try $0.recoveryCodes(accountId: accountId) }
        for record in records where record.usedAt == nil {
            if await hasher.verify(code, against: record.codeHash) { return record.id }
        }
        return nil
    }
}

/// The rules two-step sign-in's calls share.
enum TwoStepRules {
    /// Refuses "Two-step sign-in is already on." when `record` is on.
    static func requireOff(_ record: TwoStepRecord?) throws(IdentityError) {
        try require(on: false, record)
    }

    /// Refuses unless two-step sign-in is on (`on`) or off, as `record` says.
    static func require(on: Bool, _ record: TwoStepRecord?) throws(IdentityError) {
        let isOn = record?.isEnabled == true
        if on && !isOn { throw .twoStepOff }
        if !on && isOn { throw .twoStepAlreadyOn }
    }

    /// Stored records of freshly hashed recovery codes.
    static func records(
        _ hashes: [String], accountId: String, at now: Date, random: any RandomSource
    ) -> [RecoveryCodeRecord] {
        hashes.map { RecoveryCodeRecord(id: random.uuidString(), accountId: accountId, codeHash: $0, createdAt: now) }
    }
}

extension IdentityStoreTransaction {
    /// Accepts `code` as the account's second factor and spends it: a TOTP code of a step later than the last one
    /// accepted (the step is recorded), or the still-unused recovery code `recovery` matched. False when neither.
    func acceptSecondFactor(
        _ code: String, recovery: String?, accountId: String, key: SealingKey?, at now: Date
    ) throws -> Bool {
        guard var record = try twoStep(accountId: accountId), record.isEnabled else { return false }
        if let recovery {
            guard let stored = try recoveryCodes(accountId: accountId).first(where: { $0.id == recovery }),
                stored.usedAt == nil
            else { return false }
            try markRecoveryCodeUsed(id: recovery, at: now)
            return true
        }
        let secret = try StoredTOTPSecret.open(record.storedSecret, accountId: accountId, key: key)
        guard let step = TOTP.acceptedStep(for: code, secret: secret, at: now, after: record.lastUsedStep) else {
            return false
        }
        record.lastUsedStep = step
        try saveTwoStep(record)
        return true
    }
}
