import FamilyCodes
import Foundation
import Identity
import Synchronization

/// The server's join limit per client socket address (DOMAIN.md: 20 "not found" within 15 minutes lock that
/// address's joins for 5 minutes), in memory, over FamilyCodes' `KeyedRateLimiter`. Proxy headers are not
/// trusted: the key is the connection's peer address.
final class ClientAddressLimiter: Sendable {
    private let state: Mutex<KeyedRateLimiter>
    private let rule: RateLimitRule
    private let clock: any Clock
    private let pruneEvery = 256
    private let failuresSincePrune = Mutex(0)

    init(rule: RateLimitRule = .clientAddress, clock: any Clock) {
        state = Mutex(KeyedRateLimiter(rule: rule))
        self.rule = rule
        self.clock = clock
    }

    /// Throws the domain's "Too many attempts" (429 with Retry-After) while `key` is locked.
    func requireAllowed(_ key: String) throws(FamilyCodeError) {
        let now = clock.now()
        let decision = state.withLock { $0.decision(for: key, at: now) }
        if case .locked(_, let retryAfter) = decision {
            let minutes = Int((rule.lockout / 60).rounded(.up))
            throw FamilyCodeError.rateLimited(waitMinutes: minutes, retryAfterSeconds: retryAfter)
        }
    }

    /// Counts a "not found" from `key`.
    func recordFailure(_ key: String) {
        let now = clock.now()
        let prune = failuresSincePrune.withLock { count -> Bool in
            count += 1
            if count >= pruneEvery { count = 0 }
            return count == 0
        }
        state.withLock { limiter in
            limiter.recordFailure(for: key, at: now)
            if prune { limiter.prune(at: now) }
        }
    }
}
