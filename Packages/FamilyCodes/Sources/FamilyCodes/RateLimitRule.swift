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

    /// Joins by one account: 5 "not found" within 15 minutes lock for 5 minutes.
    public static let accountJoins = RateLimitRule(maxFailures: 5, window: 15 * 60, lockout: 5 * 60)
    /// Joins from one client socket address (the server): 20 failures within 15 minutes lock for 5 minutes.
    public static let clientAddress = RateLimitRule(maxFailures: 20, window: 15 * 60, lockout: 5 * 60)
}
