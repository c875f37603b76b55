import Foundation

/// DOMAIN.md's limit on exit PINs as pure functions over an `ExitPinRecord`: no clock, no store.
///
/// Only wrong PINs are recorded. The wrong PIN that makes `maxFailures` or more within `window` blocks leaving for
/// `block` from that PIN. While blocked nothing is checked, so refused attempts never extend the block. The right
/// PIN forgets the wrong ones (the guardian is there).
public enum ExitPinLimiter {
    /// Wrong PINs that block leaving.
    public static let maxFailures = 5
    /// How long a wrong PIN counts.
    public static let window: TimeInterval = 15 * 60
    /// How long leaving stays blocked.
    public static let block: TimeInterval = 15 * 60

    /// Whole seconds (rounded up, at least 1) until leaving is allowed again, or nil when a PIN may be tried at `now`.
    public static func blockedFor(_ record: ExitPinRecord, at now: Date) -> Int? {
        guard let until = record.blockedUntil, now < until else { return nil }
        return max(1, Int(until.timeIntervalSince(now).rounded(.up)))
    }

    /// The record after a wrong PIN at `now` (for attempts that were not blocked).
    public static func recordingFailure(_ record: ExitPinRecord, at now: Date) -> ExitPinRecord {
        var next = record
        if let until = next.blockedUntil, now >= until { next.blockedUntil = nil }
        next.failures.removeAll { now.timeIntervalSince($0) >= window }
        next.failures.append(now)
        if next.failures.count >= maxFailures { next.blockedUntil = now.addingTimeInterval(block) }
        return next
    }

    /// The record after the right PIN: no wrong PINs left counting.
    public static func recordingSuccess(_ record: ExitPinRecord) -> ExitPinRecord {
        var next = record
        next.failures = []
        next.blockedUntil = nil
        return next
    }
}
