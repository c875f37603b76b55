import Foundation
import Kernel

/// DOMAIN.md's limits on guessing passwords, kept in the store so every server shares them: 5 failures for one
/// account from one address in 15 minutes block that address for that account for 15 minutes; 100 for one account
/// in 24 hours block password sign-in to it for an hour from everywhere; 100 from one address in an hour block that
/// address. An account is counted under a digest of its email, so an unknown email is counted (and answered) the same
/// and no email rests in the limits' table. Locally the address is the device.
package struct SignInLimits: Sendable {
    package static let accountFromAddressRule = RateLimitRule(maxFailures: 5, window: 15 * 60, lockout: 15 * 60)
    package static let accountRule = RateLimitRule(maxFailures: 100, window: 24 * 60 * 60, lockout: 60 * 60)
    package static let addressRule = RateLimitRule(maxFailures: 100, window: 60 * 60, lockout: 60 * 60)

    package let accountFromAddress: KeyedLimit
    package let account: KeyedLimit
    package let address: KeyedLimit

    package init(email: String, clientAddress: String?) {
        let account = TokenDigest.hexDigest(EmailAddress.comparisonKey(email))
        let address = clientAddress ?? "local"
        accountFromAddress = KeyedLimit(Self.accountFromAddressRule, key: "signin:\(account):\(address)")
        self.account = KeyedLimit(Self.accountRule, key: "signin:\(account)")
        self.address = Self.address(clientAddress)
    }

    /// The address's own limit (100 failures an hour block the address), which passkey sign-ins count against
    /// alone: a passkey names no account until its credential is found.
    package static func address(_ clientAddress: String?) -> KeyedLimit {
        KeyedLimit(addressRule, key: "signin-address:\(clientAddress ?? "local")")
    }

    /// Passkey sign-in options asked from one address: 30 a minute (each stores a challenge, and anyone may ask).
    package static let passkeyOptionsRule = RateLimitRule(maxFailures: 30, window: 60, lockout: 60)

    package static func passkeyOptions(_ clientAddress: String?) -> KeyedLimit {
        KeyedLimit(passkeyOptionsRule, key: "passkey-options:\(clientAddress ?? "local")")
    }

    package var all: [KeyedLimit] { [accountFromAddress, account, address] }
}

extension AccountsStoreTransaction {
    /// Counts a password sign-in attempt before its hash is computed, or refuses it while any limit is locked ("Too
    /// many sign-in attempts. Try again in Mm Ss.": nothing is verified, nothing counted).
    package func countSignInAttempt(_ limits: SignInLimits, at now: Date) throws {
        try countAttempt(against: limits.all, at: now) { .tooManySignInAttempts(retryAfter: $0) }
    }

    /// The attempt counted at `attempted` was no failure, though the sign-in is not done (a right password whose
    /// second step is still to come): no limit holds it any more, and every other failure stays counted, so knowing
    /// the password never wipes out the count of wrong codes.
    package func uncountSignInAttempt(_ limits: SignInLimits, attemptedAt attempted: Date) throws {
        for limit in limits.all {
            let state = try rateLimitState(key: limit.key)
            try setRateLimitState(limit.limiter.forgiving(state, failureAt: attempted), key: limit.key)
        }
    }

    /// The attempt counted at `attempted` succeeded: the account's count for this address is cleared, and the other
    /// two no longer hold it.
    package func forgiveSignInAttempt(_ limits: SignInLimits, attemptedAt attempted: Date) throws {
        try setRateLimitState(.fresh, key: limits.accountFromAddress.key)
        for limit in [limits.account, limits.address] {
            let state = try rateLimitState(key: limit.key)
            try setRateLimitState(limit.limiter.forgiving(state, failureAt: attempted), key: limit.key)
        }
    }
}
