import Accounts
import Foundation
import Kernel
import Mail

extension LocalIdentityService {
    // MARK: - Email change

    /// Email-change codes: at most one a minute and 5 an hour per account, each counted under its own key.
    static let emailChangeLimits: [(name: String, rule: RateLimitRule)] = [
        ("email-change-minute", RateLimitRule(maxFailures: 1, window: 60, lockout: 60)),
        ("email-change-hour", RateLimitRule(maxFailures: 5, window: 3600, lockout: 3600)),
    ]

    public func changeEmail(_ principal: Principal, to newEmail: String, password: String?) async throws -> String {
        try await asSelf(principal) {
            guard let mail else { throw IdentityError.mailNotConfigured }
            let newEmail = try EmailAddress.validate(newEmail)
            let now = clock.now()
            let candidate = try await store.read { transaction -> PasswordCandidate in
                let account = try transaction.authenticate(principal, at: now)
                guard try transaction.account(email: newEmail) == nil else { throw IdentityError.emailTaken }
                return PasswordCandidate(
                    account: account, passwordHash: try transaction.passwordHash(accountId: account.id))
            }
            let (verified, hasPassword) = try await proveAccount(candidate, password: password)
            let random = random
            return try await store.write { transaction in
                let account = try transaction.requireUnchanged(verified)
                _ = try transaction.authenticate(principal, at: now)
                if !hasPassword { try transaction.requireRecentSignIn(principal, at: now, or: .recentSignInNeeded) }
                guard try transaction.account(email: newEmail) == nil else { throw IdentityError.emailTaken }
                try transaction.mailNewCode(
                    .emailChange, accountId: account.id, email: newEmail,
                    limits: Self.emailChangeLimits.map { KeyedLimit($0.rule, key: "\($0.name):\(account.id)") },
                    content: { AccountMail.emailChangeCode($0, to: newEmail) }, settings: mail, at: now,
                    random: random)
                return newEmail
            }
        }
    }

    public func confirmEmailChange(_ principal: Principal, code: String) async throws -> Account {
        try await asSelf(principal) {
            guard let mail else { throw IdentityError.mailNotConfigured }
            let now = clock.now()
            let random = random
            // A wrong code is counted, so the write commits and the refusal comes after.
            let outcome = try await store.write(durability: .immediate) {
                transaction -> Result<Account, IdentityError> in
                var account = try transaction.authenticate(principal, at: now)
                let pending = try transaction.emailCode(accountId: account.id, purpose: .emailChange)
                switch EmailCodeRules.check(code, against: pending, at: now) {
                case .expired:
                    return .failure(.emailChangeExpired)
                case .wrong(let counted):
                    try transaction.saveEmailCode(counted)
                    return .failure(.wrongEmailCode)
                case .matches:
                    guard let newEmail = pending?.email, try transaction.account(email: newEmail) == nil else {
                        return .failure(.emailTaken)
                    }
                    let oldEmail = account.email
                    try transaction.deleteEmailCode(accountId: account.id, purpose: .emailChange)
                    account.email = newEmail
                    account.emailVerified = true
                    try transaction.updateAccount(account)
                    try transaction.emit(
                        IdentityEvents.accountEmailChanged, subject: EventSubject(accountId: account.id), at: now,
                        random: random)
                    let notice = AccountMail.message(
                        AccountMail.emailChanged(to: newEmail), to: oldEmail, from: mail, at: now, random: random)
                    try transaction.queue(notice, id: random.uuidString(), at: now)
                    return .success(account)
                }
            }
            let account = try outcome.get()
            try await device?.follow(account)
            return account
        }
    }
}
