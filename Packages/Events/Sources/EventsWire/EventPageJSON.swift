import Events
import Kernel

/// `GET /api/events`'s body: the events oldest first (each as `Event` encodes itself: `{id, type, occurredAt, cursor,
/// subject, data}`), and the cursor to ask with next.
public struct EventPageJSON: Codable, Sendable, Hashable {
    public var events: [Event]
    public var next: EventCursor

    public init(_ page: EventPage) {
        events = page.events
        next = page.next
    }

    public var page: EventPage { EventPage(events: events, next: next) }
}
