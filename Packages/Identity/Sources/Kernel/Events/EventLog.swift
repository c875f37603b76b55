import Foundation

/// The event log's reads and writes inside one store transaction (every feature's transaction has one: Identity's,
/// which each feature's transaction extends). A store keeps events; it decides nothing about them.
public protocol EventLogTransaction {
    /// Writes `event` in this transaction: it is seen once the transaction commits, and never when it fails.
    func appendEvent(_ event: NewEvent, id: String, at now: Date) throws
    /// The events after `cursor`, oldest first, at most `limit`: only those every reader will always see in this order
    /// (see `EventCursor`).
    func events(after cursor: EventCursor, limit: Int) throws -> [Event]
    /// How many events committed but not yet readable, waiting behind a transaction still in flight (always 0 where
    /// writers commit in cursor order).
    func eventsNotYetFinal() throws -> Int
    /// The newest cursor removed by `pruneEvents`, or nil when none was: a reader behind it has missed events.
    func prunedEventsThrough() throws -> EventCursor?
    /// Removes the events that occurred before `date` (and that every reader can see) and remembers the newest cursor
    /// removed; returns how many were removed.
    @discardableResult
    func pruneEvents(occurredBefore date: Date) throws -> Int
}

extension EventLogTransaction {
    /// Writes an event of `type` about `subject` in this transaction, with a new id.
    public func emit(
        _ type: String, subject: EventSubject, data: [String: String] = [:], at now: Date, random: any RandomSource
    ) throws {
        try appendEvent(NewEvent(type, subject: subject, data: data), id: random.uuidString(), at: now)
    }
}

extension EventLogTransaction {
    /// Writes an event of the declared `type` about `subject` in this transaction, with a new id: how domain code
    /// emits, naming the type by its feature's constant rather than by a string of its own.
    public func emit(
        _ type: EventType, subject: EventSubject, data: [String: String] = [:], at now: Date,
        random: any RandomSource
    ) throws {
        try emit(type.name, subject: subject, data: data, at: now, random: random)
    }
}
