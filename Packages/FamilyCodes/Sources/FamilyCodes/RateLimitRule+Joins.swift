import Kernel

extension RateLimitRule {
    /// Joins by one account: 5 "not found" within 15 minutes lock for 5 minutes.
    public static let accountJoins = RateLimitRule(maxFailures: 5, window: 15 * 60, lockout: 5 * 60)
    /// Joins from one client socket address (the server): 20 failures within 15 minutes lock for 5 minutes.
    public static let clientAddress = RateLimitRule(maxFailures: 20, window: 15 * 60, lockout: 5 * 60)
}
