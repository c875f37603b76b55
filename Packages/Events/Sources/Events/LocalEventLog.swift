import Foundation
import Kernel

/// The log as `kith events` reads it from the local file: no app credentials (whoever can open the file can read
/// it), the same refusal of a cursor whose events were pruned as the feed's.
public struct LocalEventLog: Sendable {
    let store: any TransactionalStore<any EventLogTransaction>
    let retention: TimeInterval

    public init(
        store: any TransactionalStore<any EventLogTransaction>, retention: TimeInterval = FeedRules.defaultRetention
    ) {
        self.store = store
        self.retention = retention
    }

    /// Up to `limit` events after `after` (from the oldest kept without one), oldest first, and the cursor to read on
    /// from.
    public func page(after: EventCursor?, limit: Int = FeedRules.defaultLimit) async throws -> EventPage {
        let retention = retention
        return try await store.read { identity in
            let pruned = try identity.prunedEventsThrough()
            try FeedRules.check(after, pruned: pruned, retention: retention)
            let events = try identity.events(after: after ?? .start, limit: limit)
            return EventPage(events: events, next: FeedRules.next(after: after, events: events, pruned: pruned))
        }
    }
}
