import Foundation

/// When queued messages are tried: a rule as pure functions over an entry, no clock and no store.
///
/// A claim begins an attempt and makes the entry someone's for `lease`: if that sender dies, the entry is due again
/// when the lease ends. A failed attempt waits `firstPause`, doubling with each attempt up to `longestPause`; an
/// attempt that fails once `giveUpAfter` has passed since the message was queued, or that the receiving end refused
/// for good, marks it failed. Success marks it sent. Sent and failed entries lose their text.
public struct OutboxSchedule: Sendable, Hashable {
    public var firstPause: TimeInterval
    public var longestPause: TimeInterval
    public var giveUpAfter: TimeInterval
    public var lease: TimeInterval

    /// Creates a schedule.
    /// Creates a schedule; `firstPause` must be above zero, so a failed message is not due again at once.
    public init(firstPause: TimeInterval, longestPause: TimeInterval, giveUpAfter: TimeInterval, lease: TimeInterval) {
        self.firstPause = firstPause
        self.longestPause = longestPause
        self.giveUpAfter = giveUpAfter
        self.lease = lease
    }

    /// A server's: 30 seconds, doubling to at most an hour, for 24 hours; a claim lasts 2 minutes.
    public static let standard = OutboxSchedule(
        firstPause: 30, longestPause: 3600, giveUpAfter: 24 * 3600, lease: 120)

    /// `kith`'s, which sends only while it runs: every run tries again what is queued, for 24 hours.
    public static let everyRun = OutboxSchedule(firstPause: 1, longestPause: 1, giveUpAfter: 24 * 3600, lease: 120)

    /// The entry claimed at `now`: one more attempt, due again when the lease ends.
    public func claimed(_ entry: OutboxEntry, at now: Date) -> OutboxEntry {
        var next = entry
        next.attempts += 1
        next.nextAttemptAt = now.addingTimeInterval(lease)
        return next
    }

    /// The entry after its attempt was accepted with `reply`.
    public func sent(_ entry: OutboxEntry, reply: String) -> OutboxEntry {
        var next = entry
        next.status = .sent
        next.lastReply = reply
        next.mail.text = ""
        return next
    }

    /// The entry after its attempt failed at `now`: queued for a later attempt, or failed.
    public func failed(_ entry: OutboxEntry, error: MailDeliveryError, at now: Date) -> OutboxEntry {
        var next = entry
        next.lastReply = error.reply
        let pause = min(longestPause, firstPause * pow(2, Double(max(0, entry.attempts - 1))))
        if error.isPermanent || now.addingTimeInterval(pause) > entry.createdAt.addingTimeInterval(giveUpAfter) {
            next.status = .failed
            next.mail.text = ""
        } else {
            next.nextAttemptAt = now.addingTimeInterval(pause)
        }
        return next
    }
}
