import Foundation
import Kernel
import Tokens

/// One answer of the feed: events after the cursor asked with, oldest first, and the cursor to ask with next.
public struct EventPage: Sendable, Hashable {
    public var events: [Event]
    public var next: EventCursor

    public init(events: [Event], next: EventCursor) {
        self.events = events
        self.next = next
    }
}

/// What `GET /api/events` calls: the event log, read by a registered app with its id and secret (DOMAIN.md "Events").
public protocol EventFeed: Sendable {
    /// Up to `limit` events after `after` (from the oldest kept without one), waiting up to `wait` seconds for one when
    /// none is readable yet. Wrong credentials: `TokensError.wrongAppCredentials`; the rest of the refusals are
    /// `EventsError`'s (see `FeedRules`).
    func page(after: EventCursor?, limit: Int, wait: Int, by credentials: AppCredentials) async throws -> EventPage
}
