import Foundation
import Kernel

extension InMemoryIdentityTransaction {
    // Writes run one at a time and commit in the order they numbered their events, so every event is final once
    // committed and the transaction part of a cursor is always 0 (as on SQLite).

    func appendEvent(_ event: NewEvent, id: String, at now: Date) {
        state.lastEventSequence += 1
        state.events.append(
            Event(
                id: id, type: event.type, occurredAt: now,
                cursor: EventCursor(transaction: 0, sequence: state.lastEventSequence), subject: event.subject,
                data: event.data))
    }

    func events(after cursor: EventCursor, limit: Int) -> [Event] {
        Array(state.events.lazy.filter { $0.cursor > cursor }.prefix(limit))
    }

    func eventsNotYetFinal() -> Int { 0 }

    func prunedEventsThrough() -> EventCursor? { state.prunedEventsThrough }

    func pruneEvents(occurredBefore date: Date) -> Int {
        // As the SQL stores do: only what comes before the oldest event young enough to keep.
        let keptFrom = state.events.firstIndex { $0.occurredAt >= date } ?? state.events.endIndex
        let pruned = state.events[..<keptFrom]
        guard let newest = pruned.last?.cursor else { return 0 }
        state.events.removeSubrange(..<keptFrom)
        state.prunedEventsThrough = max(state.prunedEventsThrough ?? newest, newest)
        return pruned.count
    }
}
