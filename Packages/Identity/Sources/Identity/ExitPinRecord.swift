import Foundation

/// A managed member's exit PIN as the store keeps it: the hash (never the PIN) and the wrong attempts that count
/// toward `ExitPinLimiter`'s block. Server state: every process and server on one store shares it.
public struct ExitPinRecord: Sendable, Hashable {
    /// The managed member the PIN locks.
    public var memberId: String
    /// The PIN hashed like a password (a self-describing Argon2id string).
    public var pinHash: String
    /// When the wrong PINs still counting were entered, oldest first.
    public var failures: [Date]
    /// Leaving is blocked until then, when set.
    public var blockedUntil: Date?

    /// A stored PIN.
    public init(memberId: String, pinHash: String, failures: [Date] = [], blockedUntil: Date? = nil) {
        self.memberId = memberId
        self.pinHash = pinHash
        self.failures = failures
        self.blockedUntil = blockedUntil
    }
}

// MARK: - Stored form

extension ExitPinRecord {
    /// `failures` as stores keep them in one text column: seconds since 1970, space-separated.
    public var storedFailures: String {
        failures.map { String($0.timeIntervalSince1970) }.joined(separator: " ")
    }

    /// `failures` read back from `storedFailures`; values that do not parse are skipped.
    public static func failures(stored: String) -> [Date] {
        stored.split(separator: " ").compactMap { Double($0).map(Date.init(timeIntervalSince1970:)) }
    }
}
