import Foundation

/// "N failures within a window lock for a while": the numbers of one rate limit.
public struct RateLimitRule: Sendable, Hashable {
    /// The failure that reaches this count starts the lock.
    public var maxFailures: Int
    /// Failures older than this (seconds) no longer count.
    public var window: TimeInterval
    /// How long (seconds) the lock lasts, from the failure that started it.
    public var lockout: TimeInterval

    /// Creates a rule.
    public init(maxFailures: Int, window: TimeInterval, lockout: TimeInterval) {
        self.maxFailures = maxFailures
        self.window = window
        self.lockout = lockout
    }

    /// Exit PINs of one managed member: 5 wrong PINs within 15 minutes block leaving for 15 minutes.
    public static let exitPins = RateLimitRule(maxFailures: 5, window: 15 * 60, lockout: 15 * 60)
}
