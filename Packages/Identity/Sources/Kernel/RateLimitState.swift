import Foundation

/// What a rate limit remembers about one key (an account, a client address, a member's exit PIN). A value the
/// store persists.
public struct RateLimitState: Sendable, Codable, Hashable {
    /// Failures within the window, oldest first (older ones are dropped when seen).
    public var failures: [Date]
    /// When the current lock ends; nil when there is none.
    public var lockedUntil: Date?

    /// Creates a state.
    public init(failures: [Date] = [], lockedUntil: Date? = nil) {
        self.failures = failures
        self.lockedUntil = lockedUntil
    }

    /// Nothing remembered.
    public static let fresh = RateLimitState()
}
