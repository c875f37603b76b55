import Foundation
import Kernel

/// When queued messages are tried: a rule as pure functions over an entry, no clock and no store.
///
/// A claim begins an attempt and makes the entry someone's for `lease`: if that sender dies, the entry is due again
/// when the lease ends. A failed attempt waits its pause (`RetrySchedule`); an attempt that fails when the next
/// would come past `giveUpAfter` since the message was queued, or that the receiving end refused for good, marks it
/// failed. Success marks it sent. Sent and failed entries lose their text.
@dynamicMemberLookup
public struct OutboxSchedule: Sendable, Hashable {
    /// The pauses, the give-up time and the lease.
    public var retry: RetrySchedule

    /// Creates a schedule; `firstPause` must be above zero, so a failed message is not due again at once.
    public init(firstPause: TimeInterval, longestPause: TimeInterval, giveUpAfter: TimeInterval, lease: TimeInterval) {
        retry = RetrySchedule(
            firstPause: firstPause, longestPause: longestPause, giveUpAfter: giveUpAfter, lease: lease)
    }

    /// `retry`'s numbers, as the schedule's own (`schedule.lease`).
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<RetrySchedule, Value>) -> Value {
        get { retry[keyPath: keyPath] }
        set { retry[keyPath: keyPath] = newValue }
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
        next.nextAttemptAt = now.addingTimeInterval(retry.lease)
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
        if error.isPermanent || retry.givesUp(failingAt: now, afterAttempt: entry.attempts, since: entry.createdAt) {
            next.status = .failed
            next.mail.text = ""
        } else {
            next.nextAttemptAt = now.addingTimeInterval(retry.pause(afterAttempt: entry.attempts))
        }
        return next
    }
}
