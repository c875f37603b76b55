import Foundation

/// What a rate limit says about the next attempt.
public enum RateLimitDecision: Sendable, Hashable {
    /// Go ahead (and look the code up).
    case allowed
    /// Refused until `until`; `retryAfter` whole seconds remain (rounded up, at least 1).
    case locked(until: Date, retryAfter: Int)
}

/// The rate-limit rule as pure functions over a `RateLimitState`: no clock, no store, no key. Family-code joins
/// (per account and per client address) and exit PINs (per member) are limited by it.
///
/// Only failures are recorded. Any failure that makes `maxFailures` or more within the window locks for
/// `lockout` from that failure. The window slides: failures keep counting for the whole window, so a
/// failure right after a lock ends locks again until older failures have aged out. Refused attempts
/// change nothing, so they never extend a lock; successes change nothing either.
public struct RateLimiter: Sendable, Hashable {
    public let rule: RateLimitRule

    /// A limiter for `rule`.
    public init(rule: RateLimitRule) {
        self.rule = rule
    }

    /// Whether an attempt at `now` may go ahead.
    public func decision(for state: RateLimitState, at now: Date) -> RateLimitDecision {
        guard let until = state.lockedUntil, now < until else { return .allowed }
        let remaining = until.timeIntervalSince(now)
        return .locked(until: until, retryAfter: max(1, Int(remaining.rounded(.up))))
    }

    /// The state after a failure at `now` (call it for allowed attempts only).
    public func recordingFailure(_ state: RateLimitState, at now: Date) -> RateLimitState {
        var next = pruned(state, at: now)
        next.failures.append(now)
        if next.failures.count >= rule.maxFailures { next.lockedUntil = now.addingTimeInterval(rule.lockout) }
        return next
    }

    /// The state without one failure recorded at `date`, counted ahead of a check that then succeeded (a sign-in
    /// counts an attempt before it computes a hash, so concurrent guesses each take a place): the lock that failure
    /// set goes with it when the failures left no longer reach `maxFailures`.
    public func forgiving(_ state: RateLimitState, failureAt date: Date) -> RateLimitState {
        // Within a millisecond: a date read back from a store is not always the same `Date` to the last bit.
        func same(_ one: Date, _ other: Date) -> Bool { abs(one.timeIntervalSince(other)) < 0.001 }
        var next = state
        guard let index = next.failures.lastIndex(where: { same($0, date) }) else { return next }
        next.failures.remove(at: index)
        if let until = next.lockedUntil, same(until, date.addingTimeInterval(rule.lockout)),
            next.failures.count < rule.maxFailures
        {
            next.lockedUntil = nil
        }
        return next
    }

    /// The state without an ended lock or failures that fell out of the window: the same decisions, less to keep.
    public func pruned(_ state: RateLimitState, at now: Date) -> RateLimitState {
        var next = state
        if let until = next.lockedUntil, now >= until { next.lockedUntil = nil }
        next.failures.removeAll { now.timeIntervalSince($0) >= rule.window }
        return next
    }

    /// Whether the state holds nothing that could still matter at `now` (so a keyed limiter may forget it).
    public func isIdle(_ state: RateLimitState, at now: Date) -> Bool {
        let pruned = pruned(state, at: now)
        return pruned.lockedUntil == nil && pruned.failures.isEmpty
    }
}
