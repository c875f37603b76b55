import Foundation
import Kernel

/// Rate limits, counted in the transaction of the attempt they limit.
extension AccountsStoreTransaction {
    /// Refuses with `refusal(retryAfter)` when any of `limits` is locked at `now`; otherwise counts one more attempt
    /// against each.
    package func countAttempt(
        against limits: [KeyedLimit], at now: Date, refusal: (Int) -> IdentityError
    ) throws {
        let states = try limits.map { try rateLimitState(key: $0.key) }
        let waits = zip(limits, states).compactMap { limit, state -> Int? in
            if case .locked(_, let retryAfter) = limit.limiter.decision(for: state, at: now) { return retryAfter }
            return nil
        }
        if let wait = waits.max() { throw refusal(wait) }
        for (limit, state) in zip(limits, states) {
            try setRateLimitState(limit.limiter.recordingFailure(state, at: now), key: limit.key)
        }
    }
}

/// A rate limit and the key it counts under (an account, an email, a client address).
package struct KeyedLimit: Sendable {
    package let limiter: RateLimiter
    package let key: String

    package init(_ rule: RateLimitRule, key: String) {
        limiter = RateLimiter(rule: rule)
        self.key = key
    }
}
