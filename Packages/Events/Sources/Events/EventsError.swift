import Foundation

/// Every refusal of the event feed, as the sentence an app's developer reads.
public enum EventsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `after` is not a cursor (`T.S` or `S`, digits only).
    case malformedCursor(String)
    /// `after` is below the newest pruned event: the events after it are no longer all kept. `retention` is how long
    /// they are kept, in seconds.
    case cursorExpired(retention: TimeInterval)
    /// `limit` outside `FeedRules.limits`.
    case limitOutOfRange(Int)
    /// `wait` outside `FeedRules.waits` (seconds).
    case waitOutOfRange(Int)

    public var description: String {
        switch self {
        case .malformedCursor(let text):
            "\(text) is not an event cursor: give the next (or an event's cursor) of a page, such as 0.42"
        case .cursorExpired(let retention):
            "That cursor is older than the events kept (\(FeedRules.spelled(retention))); start again without after."
        case .limitOutOfRange(let limit):
            "limit is \(FeedRules.limits.lowerBound) to \(FeedRules.limits.upperBound), not \(limit)"
        case .waitOutOfRange(let wait):
            "wait is \(FeedRules.waits.lowerBound) to \(FeedRules.waits.upperBound) seconds, not \(wait)"
        }
    }
}
