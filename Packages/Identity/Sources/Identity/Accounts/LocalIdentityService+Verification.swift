import Accounts
import Foundation
import Kernel
import Mail

extension LocalIdentityService {
    // MARK: - Verified emails

    /// `verify --resend`: at most one code a minute and 5 an hour per account, each counted under its own key.
    static let verificationLimits: [(name: String, rule: RateLimitRule)] = [
        ("verification-minute", RateLimitRule(maxFailures: 1, window: 60, lockout: 60)),
        ("verification-hour", RateLimitRule(maxFailures: 5, window: 3600, lockout: 3600)),
    ]

    /// How many codes `verify --resend` mails at most a minute and an hour (`verificationLimits`), as its help says.
    public static var verificationResends: (perMinute: Int, perHour: Int) {
        (verificationLimits[0].rule.maxFailures, verificationLimits[1].rule.maxFailures)
    }

    public func verifyEmail(_ principal: Principal, code: String) async throws -> Account {
        try await asSelf(principal) {
            guard mail != nil else { throw IdentityError.mailNotConfigured }
            let now = clock.now()
            let random = random
            // A wrong code is counted, so the write commits and the refusal comes after.
            let outcome = try await store.write { transaction -> Result<Account, IdentityError> in
                let account = try transaction.authenticate(principal, at: now, unverifiedAllowed: true)
                var live = try transaction.emailCode(accountId: account.id, purpose: .verification)
                // A code sent to an address the account no longer has proves nothing.
                if let code = live, EmailAddress.comparisonKey(code.email) != EmailAddress.comparisonKey(account.email)
                {
                    live = nil
                }
                switch EmailCodeRules.check(code, against: live, at: now) {
                case .expired:
                    return .failure(.emailCodeExpired)
                case .wrong(let counted):
                    try transaction.saveEmailCode(counted)
                    return .failure(.wrongEmailCode)
                case .matches:
                    try transaction.deleteEmailCode(accountId: account.id, purpose: .verification)
                    var verified = account
                    verified.emailVerified = true
                    try transaction.updateAccount(verified)
                    if !account.emailVerified {
                        try transaction.emit(
                            IdentityEvents.accountEmailVerified, subject: EventSubject(accountId: account.id),
                            at: now, random: random)
                    }
                    return .success(verified)
                }
            }
            return try outcome.get()
        }
    }

    public func resendVerification(_ principal: Principal) async throws -> String {
        try await asSelf(principal) {
            guard let mail else { throw IdentityError.mailNotConfigured }
            let now = clock.now()
            let random = random
            return try await store.write { transaction in
                let account = try transaction.authenticate(principal, at: now, unverifiedAllowed: true)
                guard !account.emailVerified else { throw IdentityError.emailAlreadyVerified }
                try transaction.mailVerificationCode(to: account, settings: mail, at: now, random: random)
                return account.email
            }
        }
    }
}

extension IdentityStoreTransaction {
    /// Mails `account` a new verification code (sign-up and `verify --resend`), within the resend limits.
    func mailVerificationCode(to account: Account, settings: MailSettings, at now: Date, random: any RandomSource)
        throws
    {
        try mailNewCode(
            .verification, accountId: account.id, email: account.email,
            limits: LocalIdentityService.verificationLimits.map {
                KeyedLimit($0.rule, key: "\($0.name):\(account.id)")
            },
            content: { AccountMail.verificationCode($0, to: account.email) }, settings: settings, at: now,
            random: random)
    }
}
