import Foundation
import Identity
import Kernel

extension IdentityStore {
    /// Every event in the log, oldest first, once every committed one is readable (on PostgreSQL an event waits until
    /// every older transaction of the cluster has ended; other tests run beside this one).
    public func finalEvents() async throws -> [Event] {
        for _ in 0..<1_000 {
            let (pending, events) = try await read {
                (try $0.eventsNotYetFinal(), try $0.events(after: .start, limit: 100_000))
            }
            if pending == 0 { return events }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw EventsNotFinal()
    }

    /// The events written since `before` events were, as written (type, subject, data), in order: what a case
    /// compares with the events a change should have written.
    public func newEvents(since before: Int) async throws -> [NewEvent] {
        try await finalEvents().dropFirst(before).map { NewEvent($0.type, subject: $0.subject, data: $0.data) }
    }

    /// How many events the log holds now: the `before` of a later `newEvents(since:)`.
    public func eventCount() async throws -> Int { try await finalEvents().count }
}

struct EventsNotFinal: Error, CustomStringConvertible {
    var description: String { "events stayed behind a transaction in flight for 10 s" }
}
