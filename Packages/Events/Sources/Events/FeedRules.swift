import Foundation
import Kernel

/// The feed's rules as pure functions over values, used by every `EventFeed` (local, and any other over the same
/// log):
///
/// - `limit` is 1...1000 events a page (100 when not given); `wait` is 0...30 seconds (0 when not given).
/// - A cursor is `EventCursor`'s text; anything else is `.malformedCursor`.
/// - A cursor below the newest pruned event (`prunedEventsThrough`) has missed events: `.cursorExpired`. At or above it
///   (or no cursor) reads on; without a cursor a page starts at the oldest event kept.
/// - A page's `next` is its last event's cursor, or, with no events, the cursor given (without one: the newest pruned
///   event, or `EventCursor.start`), so an app always has a cursor to ask with next.
/// - With `wait` above 0, an empty page is read again every `pollInterval` until an event is readable or `wait` has
///   passed since the call began; then it answers, empty or not.
public enum FeedRules {
    public static let limits = 1...1000
    public static let defaultLimit = 100
    /// Seconds.
    public static let waits = 0...30
    /// How often a waiting page reads the log again.
    public static let pollInterval: Duration = .milliseconds(100)
    /// How long events are kept unless the server says otherwise (`--event-retention`): 7 days.
    public static let defaultRetention: TimeInterval = 7 * 86_400

    /// The cursor `text` spells; nil for nil or empty (from the start).
    public static func cursor(_ text: String?) throws(EventsError) -> EventCursor? {
        guard let text, !text.isEmpty else { return nil }
        guard let cursor = EventCursor(text) else { throw .malformedCursor(text) }
        return cursor
    }

    /// `limit`, or the default when nil; `.limitOutOfRange` outside `limits`.
    public static func limit(_ limit: Int?) throws(EventsError) -> Int {
        guard let limit else { return defaultLimit }
        guard limits.contains(limit) else { throw .limitOutOfRange(limit) }
        return limit
    }

    /// `wait` in seconds, 0 when nil; `.waitOutOfRange` outside `waits`.
    public static func wait(_ wait: Int?) throws(EventsError) -> Int {
        guard let wait else { return 0 }
        guard waits.contains(wait) else { throw .waitOutOfRange(wait) }
        return wait
    }

    /// Refuses `after` when it is below `pruned` (events after it are gone); no cursor reads from the oldest kept.
    public static func check(_ after: EventCursor?, pruned: EventCursor?, retention: TimeInterval) throws(EventsError) {
        if let after, let pruned, after < pruned { throw .cursorExpired(retention: retention) }
    }

    /// Where the page after `events` starts: the last one's cursor, else `after`, else `pruned`, else the start.
    public static func next(after: EventCursor?, events: [Event], pruned: EventCursor?) -> EventCursor {
        events.last?.cursor ?? after ?? pruned ?? .start
    }

    /// Whether a page read at `now` answers now: it has events, or the wait that began at `started` is over.
    public static func answers(events: [Event], started: Date, wait: Int, now: Date) -> Bool {
        !events.isEmpty || now.timeIntervalSince(started) >= TimeInterval(wait)
    }

    /// A duration in the largest whole unit that spells it: `7 days`, `36 hours`, `90 minutes`, `45 seconds`.
    public static func spelled(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds)
        for (unit, name) in [(86_400, "day"), (3_600, "hour"), (60, "minute")] where whole >= unit && whole % unit == 0
        {
            let count = whole / unit
            return "\(count) \(name)\(count == 1 ? "" : "s")"
        }
        return "\(whole) second\(whole == 1 ? "" : "s")"
    }
}
