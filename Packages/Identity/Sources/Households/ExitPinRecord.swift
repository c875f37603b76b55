import Foundation
import Kernel

/// A managed member's exit PIN as the store keeps it: the hash (never the PIN) and the wrong attempts that count
/// toward `RateLimitRule.exitPins`. Server state: every process and server on one store shares it.
public struct ExitPinRecord: Sendable, Hashable {
    /// The managed member the PIN locks.
    public var memberId: String
    /// The PIN hashed like a password (a self-describing Argon2id string).
    public var pinHash: String
    /// The wrong PINs still counting, oldest first, and until when leaving is blocked.
    public var attempts: RateLimitState

    /// A stored PIN.
    public init(memberId: String, pinHash: String, attempts: RateLimitState = .fresh) {
        self.memberId = memberId
        self.pinHash = pinHash
        self.attempts = attempts
    }
}
