import Foundation
import Kernel
import Tokens

/// The feed's rules (`FeedRules`) over an `EventsStore`: the app's credentials are checked as introspection checks
/// them, and a waiting page reads the log again every `FeedRules.pollInterval` through the injected `sleep`, so tests
/// move a manual clock instead of waiting.
public struct LocalEventFeed: EventFeed {
    let store: any EventsStore
    let clock: any WallClock
    let retention: TimeInterval
    let sleep: @Sendable (Duration) async throws -> Void

    /// A feed over `store`; `retention` only words the refusal of an expired cursor (pruning is `EventRetention`'s).
    public init(
        store: any EventsStore, clock: any WallClock = SystemClock(),
        retention: TimeInterval = FeedRules.defaultRetention,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.store = store
        self.clock = clock
        self.retention = retention
        self.sleep = sleep
    }

    public func page(after: EventCursor?, limit: Int, wait: Int, by credentials: AppCredentials) async throws
        -> EventPage
    {
        let limit = try FeedRules.limit(limit)
        let wait = try FeedRules.wait(wait)
        let started = clock.now()
        var first = true
        while true {
            let checkCredentials = first
            let retention = retention
            let page = try await store.read { _, tokens, identity in
                if checkCredentials { _ = try LocalTokenService.requireApp(credentials, in: tokens) }
                let pruned = try identity.prunedEventsThrough()
                try FeedRules.check(after, pruned: pruned, retention: retention)
                let events = try identity.events(after: after ?? .start, limit: limit)
                return EventPage(events: events, next: FeedRules.next(after: after, events: events, pruned: pruned))
            }
            first = false
            if FeedRules.answers(events: page.events, started: started, wait: wait, now: clock.now()) { return page }
            try await sleep(FeedRules.pollInterval)
        }
    }
}
