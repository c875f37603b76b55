import Foundation
import Kernel

/// When an app's webhook is tried: a rule as pure functions over its `WebhookState`, no clock and no store.
///
/// An app gets its events one at a time in cursor order: the next is claimed only once the one before was delivered
/// or given up. A claim begins an attempt and makes the app's deliveries one server's for `lease`: if that server
/// dies mid-send, another (or itself, restarted) claims the same event when the lease ends, so each event reaches
/// each app at least once. Any 2xx delivers. A 410 disables the webhook until the app's URL changes. Anything else
/// (another status, no answer within the timeout) waits its pause (`RetrySchedule`); a failure after which the next
/// try would fall later than `giveUpAfter` from the event's first failure gives the event up, and the app's next
/// event follows.
@dynamicMemberLookup
public struct WebhookSchedule: Sendable, Hashable {
    /// The pauses, the give-up time and the lease.
    public var retry: RetrySchedule

    public init(firstPause: TimeInterval, longestPause: TimeInterval, giveUpAfter: TimeInterval, lease: TimeInterval) {
        retry = RetrySchedule(
            firstPause: firstPause, longestPause: longestPause, giveUpAfter: giveUpAfter, lease: lease)
    }

    /// `retry`'s numbers, as the schedule's own (`schedule.lease`).
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<RetrySchedule, Value>) -> Value {
        get { retry[keyPath: keyPath] }
        set { retry[keyPath: keyPath] = newValue }
    }

    /// DOMAIN.md's: 30 seconds doubling to an hour, for 3 days; a claim lasts a minute (six times the send's timeout,
    /// `WebhookDeliverer.timeout`), so a live sender always records its answer before its lease ends.
    public static let standard = WebhookSchedule(
        firstPause: 30, longestPause: 3_600, giveUpAfter: 3 * 86_400, lease: 60)

    /// What one attempt's answer means.
    public enum Outcome: Sendable, Hashable {
        case delivered
        case failed
        /// 410 Gone: the app's receiver says it wants no more.
        case gone
    }

    /// The outcome of an attempt answered `status` (nil: no answer: refused, timed out, not HTTP).
    public static func outcome(status: Int?) -> Outcome {
        guard let status else { return .failed }
        if (200...299).contains(status) { return .delivered }
        return status == 410 ? .gone : .failed
    }

    /// Whether `state` may be claimed at `now` for an app whose webhook is `url`: not disabled for that URL, not
    /// leased to a server, and not waiting for its next try.
    public func isDue(_ state: WebhookState, url: String, at now: Date) -> Bool {
        if state.disabledURL == url { return false }
        if let until = state.claimedUntil, until > now { return false }
        if let next = state.nextAttemptAt, next > now { return false }
        return true
    }

    /// `state` once the app's URL is `url`: a webhook disabled for another URL is on again (the operator changed it).
    public func current(_ state: WebhookState, url: String) -> WebhookState {
        guard let disabled = state.disabledURL, disabled != url else { return state }
        var next = state
        next.disabledURL = nil
        next.disabledAt = nil
        return next
    }

    /// `state` claimed by `owner` at `now` to send `eventId`: one more attempt (the first when it is a new event).
    public func claimed(_ state: WebhookState, eventId: String, by owner: String, at now: Date) -> WebhookState {
        var next = state
        if state.pendingEventId != eventId {
            next.pendingEventId = eventId
            next.attempts = 0
            next.firstFailureAt = nil
            next.nextAttemptAt = nil
        }
        next.attempts += 1
        next.claimOwner = owner
        next.claimedUntil = now.addingTimeInterval(retry.lease)
        return next
    }

    /// Whether `state` is still `owner`'s claim of `eventId` (its lease did not lapse into another server's claim).
    public func holds(_ state: WebhookState, eventId: String, by owner: String) -> Bool {
        state.claimOwner == owner && state.pendingEventId == eventId
    }

    /// `state` after its pending event, at `cursor`, was delivered: the app's next event is due at once.
    public func delivered(_ state: WebhookState, through cursor: EventCursor) -> WebhookState {
        passed(state, through: cursor)
    }

    /// `state` after an attempt at `now` failed: due again after the pause, or, past `giveUpAfter` from the first
    /// failure, given up (`gaveUp`) and moved past the event at `cursor`.
    public func failed(_ state: WebhookState, through cursor: EventCursor, at now: Date) -> (
        state: WebhookState, gaveUp: Bool
    ) {
        let firstFailure = state.firstFailureAt ?? now
        if retry.givesUp(failingAt: now, afterAttempt: state.attempts, since: firstFailure) {
            return (passed(state, through: cursor), true)
        }
        var next = state
        next.firstFailureAt = firstFailure
        next.nextAttemptAt = now.addingTimeInterval(retry.pause(afterAttempt: state.attempts))
        next.claimOwner = nil
        next.claimedUntil = nil
        return (next, false)
    }

    /// `state` after its receiver answered 410 at `now` for `url`: no more tries while the app keeps `url`; the
    /// pending event is the first sent if it changes.
    public func disabled(_ state: WebhookState, url: String, at now: Date) -> WebhookState {
        var next = state
        next.disabledURL = url
        next.disabledAt = now
        next.pendingEventId = nil
        next.attempts = 0
        next.firstFailureAt = nil
        next.nextAttemptAt = nil
        next.claimOwner = nil
        next.claimedUntil = nil
        return next
    }

    /// The wait after the `attempt`th try failed (`RetrySchedule`).
    public func pause(afterAttempt attempt: Int) -> TimeInterval { retry.pause(afterAttempt: attempt) }

    private func passed(_ state: WebhookState, through cursor: EventCursor) -> WebhookState {
        WebhookState(appId: state.appId, deliveredThrough: max(state.deliveredThrough, cursor))
    }
}
