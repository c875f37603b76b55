import Foundation

/// A rate limit per key, held in memory: the server's limit per client socket address.
///
/// A value type (wrap it in a `Mutex` or an actor to share it); every decision uses the same
/// `RateLimiter` as the per-account limit that the family-code store persists.
public struct KeyedRateLimiter: Sendable {
    public let limiter: RateLimiter
    /// The remembered state of each key that still matters.
    public private(set) var states: [String: RateLimitState] = [:]

    /// A limiter for `rule` with nothing remembered.
    public init(rule: RateLimitRule) {
        limiter = RateLimiter(rule: rule)
    }

    /// Whether an attempt by `key` at `now` may go ahead.
    public func decision(for key: String, at now: Date) -> RateLimitDecision {
        limiter.decision(for: states[key] ?? .fresh, at: now)
    }

    /// Records a failure by `key` at `now`; returns the decision for its next attempt.
    @discardableResult
    public mutating func recordFailure(for key: String, at now: Date) -> RateLimitDecision {
        let next = limiter.recordingFailure(states[key] ?? .fresh, at: now)
        states[key] = next
        return limiter.decision(for: next, at: now)
    }

    /// Forgets keys whose failures and locks have all expired, so memory stays bounded.
    public mutating func prune(at now: Date) {
        states = states.filter { !limiter.isIdle($0.value, at: now) }
    }
}
