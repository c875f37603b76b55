import Foundation
import Kernel
import StorageTesting
import Testing

/// The event log under every store: events keep what was written, in cursor order, only when their transaction
/// commits, and pruning remembers how far it went (contract, every store).
public enum EventLogContract {
    public static let cases: [ContractCase<IdentityContractEnvironment>] = [
        ContractCase("events read back as written, in cursor order, after a cursor", eventsReadBackInOrder),
        ContractCase("a write that fails leaves no event", aFailedWriteLeavesNoEvent),
        ContractCase("pruning removes old events and remembers the newest it removed", pruningRemembersHowFar),
        ContractCase("pruning stops at the oldest event young enough to keep", pruningStopsAtTheFirstYoungEvent),
        ContractCase("an event after pruning took every one comes after them all", numbersOutlivePruning),
    ]

    static func eventsReadBackInOrder(_ env: IdentityContractEnvironment) async throws {
        let now = env.clock.now()
        let subject = EventSubject(accountId: "a1", memberId: "m1", householdId: "h1")
        try await env.store.write { transaction in
            try transaction.appendEvent(
                NewEvent("test.first", subject: subject, data: ["reason": "x"]), id: "e1", at: now)
            try transaction.appendEvent(NewEvent("test.second", subject: EventSubject()), id: "e2", at: now)
        }
        try await env.store.write { transaction in
            try transaction.appendEvent(
                NewEvent("test.third", subject: EventSubject(accountId: "a2")), id: "e3", at: now)
        }
        let events = try await env.events()
        try #require(events.map(\.id) == ["e1", "e2", "e3"])
        #expect(events.map(\.type) == ["test.first", "test.second", "test.third"])
        #expect(events[0].subject == subject && events[0].data == ["reason": "x"])
        #expect(events[1].subject == EventSubject() && events[1].data.isEmpty)
        #expect(abs(events[0].occurredAt.timeIntervalSince(now)) < 1)
        #expect(events.map(\.cursor) == events.map(\.cursor).sorted() && Set(events.map(\.cursor)).count == 3)
        #expect(events.allSatisfy { $0.cursor > .start })

        let afterFirst = try await env.store.read { try $0.events(after: events[0].cursor, limit: 10) }
        #expect(afterFirst.map(\.id) == ["e2", "e3"])
        let one = try await env.store.read { try $0.events(after: .start, limit: 1) }
        #expect(one.map(\.id) == ["e1"])
        let none = try await env.store.read { try $0.events(after: events[2].cursor, limit: 10) }
        #expect(none.isEmpty)
    }

    struct Refused: Error {}

    static func aFailedWriteLeavesNoEvent(_ env: IdentityContractEnvironment) async throws {
        let now = env.clock.now()
        await #expect(throws: Refused.self) {
            try await env.store.write { transaction in
                try transaction.appendEvent(NewEvent("test.lost", subject: EventSubject()), id: "lost", at: now)
                throw Refused()
            }
        }
        #expect(try await env.events().isEmpty)
        try await env.store.write { transaction in
            try transaction.appendEvent(NewEvent("test.kept", subject: EventSubject()), id: "kept", at: now)
        }
        #expect(try await env.events().map(\.id) == ["kept"])
    }

    static func pruningRemembersHowFar(_ env: IdentityContractEnvironment) async throws {
        let start = env.clock.now()
        for (index, id) in ["old1", "old2", "new"].enumerated() {
            let at = start.addingTimeInterval(Double(index == 2 ? 8 : index) * IdentityContractEnvironment.day)
            try await env.store.write { transaction in
                try transaction.appendEvent(NewEvent("test.event", subject: EventSubject()), id: id, at: at)
            }
        }
        let all = try await env.events()
        try #require(all.count == 3)
        #expect(try await env.store.read { try $0.prunedEventsThrough() } == nil)
        let removed = try await env.store.write {
            try $0.pruneEvents(occurredBefore: start.addingTimeInterval(7 * IdentityContractEnvironment.day))
        }
        #expect(removed == 2)
        #expect(try await env.events().map(\.id) == ["new"])
        #expect(try await env.store.read { try $0.prunedEventsThrough() } == all[1].cursor)
        // Nothing older is left: the mark stays where it was.
        #expect(try await env.store.write { try $0.pruneEvents(occurredBefore: start) } == 0)
        #expect(try await env.store.read { try $0.prunedEventsThrough() } == all[1].cursor)
    }

    static func pruningStopsAtTheFirstYoungEvent(_ env: IdentityContractEnvironment) async throws {
        let start = env.clock.now()
        // An event stamped later commits before one stamped earlier (a slow transaction's clock read came first).
        for (id, day) in [("old", 0.0), ("young", 8.0), ("late-but-old", 1.0), ("newest", 9.0)] {
            try await env.store.write { transaction in
                try transaction.appendEvent(
                    NewEvent("test.event", subject: EventSubject()), id: id,
                    at: start.addingTimeInterval(day * IdentityContractEnvironment.day))
            }
        }
        let all = try await env.events()
        try #require(all.count == 4)
        let removed = try await env.store.write {
            try $0.pruneEvents(occurredBefore: start.addingTimeInterval(7 * IdentityContractEnvironment.day))
        }
        // Only what comes before "young" in cursor order: a reader past "young" still finds "late-but-old".
        #expect(removed == 1)
        #expect(try await env.events().map(\.id) == ["young", "late-but-old", "newest"])
        #expect(try await env.store.read { try $0.prunedEventsThrough() } == all[0].cursor)
    }

    /// A cursor is never given twice: a reader at the newest pruned event still finds what is written after it, even
    /// when pruning left no event to number from.
    static func numbersOutlivePruning(_ env: IdentityContractEnvironment) async throws {
        let start = env.clock.now()
        for id in ["old1", "old2"] {
            try await env.store.write { transaction in
                try transaction.appendEvent(NewEvent("test.event", subject: EventSubject()), id: id, at: start)
            }
        }
        let old = try await env.events()
        try #require(old.count == 2)
        let removed = try await env.store.write {
            try $0.pruneEvents(occurredBefore: start.addingTimeInterval(IdentityContractEnvironment.day))
        }
        #expect(removed == 2)
        #expect(try await env.events().isEmpty)
        try await env.store.write { transaction in
            try transaction.appendEvent(
                NewEvent("test.event", subject: EventSubject()), id: "after",
                at: start.addingTimeInterval(2 * IdentityContractEnvironment.day))
        }
        #expect(try await env.store.read { try $0.prunedEventsThrough() } == old[1].cursor)
        let after = try await env.events()
        #expect(after.map(\.id) == ["after"])
        #expect(after.allSatisfy { $0.cursor > old[1].cursor })
    }
}
