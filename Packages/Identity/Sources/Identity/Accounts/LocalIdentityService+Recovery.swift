import Accounts
import Foundation
import Kernel
import Mail

extension LocalIdentityService {
    // MARK: - Password recovery

    /// Recovery codes per email: 3 an hour (more are answered the same and send nothing).
    static let recoveryPerEmail = RateLimitRule(maxFailures: 3, window: 3600, lockout: 3600)
    /// Recovery requests per client address: 20 an hour.
    static let recoveryPerAddress = RateLimitRule(maxFailures: 20, window: 3600, lockout: 3600)
    /// Wrong recovery codes per client address: 30 an hour.
    static let wrongRecoveryCodesPerAddress = RateLimitRule(maxFailures: 30, window: 3600, lockout: 3600)

    /// The least time `forgotPassword` takes to answer: what a known email costs more (a code stored, a message queued)
    /// hides under it, so the answer's time says nothing about accounts.
    static let recoveryAnswerTime: Duration = .milliseconds(100)

    /// The key an email's recovery codes are counted under: a digest, so no email (an unknown one included) rests
    /// in the limits' table.
    static func emailKey(_ email: String) -> String {
        "recovery-email:" + TokenDigest.hexDigest(EmailAddress.comparisonKey(email))
    }

    /// The key a client address is counted under (`kith` on its own file has none: one local key).
    static func addressKey(_ clientAddress: String?) -> String { clientAddress ?? "local" }

    public func forgotPassword(email: String, clientAddress: String?) async throws {
        guard let mail else { throw IdentityError.mailNotConfigured }
        let email = try EmailAddress.validate(email)
        let answerAt = ContinuousClock.now + Self.recoveryAnswerTime
        let now = clock.now()
        let random = random
        // Known and unknown emails take the same path: the same reads and limit writes, a code made and a message
        // rendered; only a known account's message is queued. The answer is the same either way.
        try await store.write { transaction in
            try transaction.countAttempt(
                against: [
                    KeyedLimit(Self.recoveryPerAddress, key: "recovery-address:\(Self.addressKey(clientAddress))")
                ],
                at: now, refusal: { .tooManyTries(retryAfter: $0) })
            let account = try transaction.account(email: email)
            do {
                let limits = [
                    KeyedLimit(Self.recoveryPerEmail, key: Self.emailKey(email))
                ]
                if let account {
                    try transaction.mailNewCode(
                        .recovery, accountId: account.id, email: account.email, limits: limits,
                        content: { AccountMail.recoveryCode($0, to: account.email) }, settings: mail, at: now,
                        random: random)
                } else {
                    try transaction.countAttempt(against: limits, at: now) { .waitForNewCode(retryAfter: $0) }
                    let code = EmailCodeRules.newCode(.recovery, random: random)
                    _ = AccountMail.message(
                        AccountMail.recoveryCode(code, to: email), to: email, from: mail, at: now, random: random
                    )
                    .rendered()
                }
            } catch IdentityError.waitForNewCode {
                // Over the email's limit: answered the same, and nothing is sent.
            }
        }
        try? await Task.sleep(until: answerAt, clock: .continuous)
    }

    public func resetPassword(
        email: String, code: String, newPassword: String, clientAddress: String?
    ) async throws -> SessionGrant {
        guard let mail else { throw IdentityError.mailNotConfigured }
        let email = try EmailAddress.validate(email)
        try Self.checkNewPassword(newPassword)
        let newHash = try await hasher.hash(newPassword)
        let now = clock.now()
        let random = random
        let label = newSessionWhere
        let addressLimit = KeyedLimit(
            Self.wrongRecoveryCodesPerAddress, key: "recovery-wrong:\(Self.addressKey(clientAddress))")
        // A wrong code is counted (against the code and the address), so the write commits and the refusal comes after.
        let outcome = try await store.write(durability: .immediate) {
            transaction -> Result<SessionGrant, IdentityError> in
            let state = try transaction.rateLimitState(key: addressLimit.key)
            if case .locked(_, let retryAfter) = addressLimit.limiter.decision(for: state, at: now) {
                return .failure(.tooManyTries(retryAfter: retryAfter))
            }
            let account = try transaction.account(email: email)
            let live = try account.flatMap { try transaction.emailCode(accountId: $0.id, purpose: .recovery) }
            let check = EmailCodeRules.check(code, against: live, at: now)
            guard case .matches = check, var account else {
                if case .wrong(let counted) = check { try transaction.saveEmailCode(counted) }
                try transaction.setRateLimitState(
                    addressLimit.limiter.recordingFailure(state, at: now), key: addressLimit.key)
                return .failure(.recoveryCodeInvalid(email: email))
            }
            try transaction.deleteEmailCode(accountId: account.id, purpose: .recovery)
            try transaction.setPasswordHash(newHash, accountId: account.id)
            try transaction.emitCredentialChanged(accountId: account.id, .password, .reset, at: now, random: random)
            if !account.emailVerified {
                account.emailVerified = true
                try transaction.updateAccount(account)
                try transaction.emit(
                    IdentityEvents.accountEmailVerified, subject: EventSubject(accountId: account.id), at: now,
                    random: random)
            }
            try transaction.endSessions(accountId: account.id, except: nil, reason: .reset, at: now, random: random)
            let notice = AccountMail.message(
                AccountMail.passwordChanged(email: account.email), to: account.email, from: mail, at: now,
                random: random)
            try transaction.queue(notice, id: random.uuidString(), at: now)
            // The mailbox proves the email, not the second factor: with two-step sign-in on, the new password leads
            // to the code's step like any sign-in (the reset itself is done).
            if let challenge = try Self.secondStep(
                for: account, clientAddress: clientAddress, attemptedAt: now, at: now, random: random, in: transaction)
            {
                return .failure(.secondFactorRequired(challenge: challenge))
            }
            let (session, grant) = Self.newSession(
                accountId: account.id, now: now, random: random, where: label, signedInWith: .passwordReset)
            try transaction.insertSession(session)
            return .success(grant)
        }
        return try outcome.get()
    }
}
