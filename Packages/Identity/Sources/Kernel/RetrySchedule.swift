import Foundation

/// When something that failed is tried again, and when it is given up: the numbers and arithmetic shared by the mail
/// outbox (`OutboxSchedule`) and webhook delivery (`WebhookSchedule`), each with its own constants and its own rules
/// for what an answer means.
///
/// A claim makes the work one sender's for `lease`. A failed attempt waits `firstPause`, doubling with each attempt
/// up to `longestPause`; a failure after which the next try would fall later than `giveUpAfter` from when failing
/// began (the message queued, the event's first failure) gives it up.
public struct RetrySchedule: Sendable, Hashable {
    public var firstPause: TimeInterval
    public var longestPause: TimeInterval
    public var giveUpAfter: TimeInterval
    public var lease: TimeInterval

    /// Creates a schedule; `firstPause` must be above zero, so a failure is not due again at once.
    public init(firstPause: TimeInterval, longestPause: TimeInterval, giveUpAfter: TimeInterval, lease: TimeInterval) {
        self.firstPause = firstPause
        self.longestPause = longestPause
        self.giveUpAfter = giveUpAfter
        self.lease = lease
    }

    /// The wait after the `attempt`th try failed: `firstPause`, doubled for each earlier attempt, at most
    /// `longestPause` (any attempt count, however large, included).
    public func pause(afterAttempt attempt: Int) -> TimeInterval {
        min(longestPause, firstPause * pow(2, Double(min(max(0, attempt - 1), 62))))
    }

    /// Whether the `attempt`th try, failing at `now` for something that began failing (or was queued) at `began`, is
    /// the last: the next try, a pause later, would fall past `giveUpAfter` from `began`.
    public func givesUp(failingAt now: Date, afterAttempt attempt: Int, since began: Date) -> Bool {
        now.addingTimeInterval(pause(afterAttempt: attempt)) > began.addingTimeInterval(giveUpAfter)
    }
}
