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

// MARK: - Stored form

extension RateLimitState {
    /// The failures as stores keep them in one text column: seconds since 1970, space-separated.
    public var storedFailures: String {
        failures.map { String($0.timeIntervalSince1970) }.joined(separator: " ")
    }

    /// Failures read back from `storedFailures`; values that do not parse are skipped.
    public static func failures(stored: String) -> [Date] {
        stored.split(separator: " ").compactMap { Double($0).map(Date.init(timeIntervalSince1970:)) }
    }
}
