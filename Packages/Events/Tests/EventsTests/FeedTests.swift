import Events
import EventsTesting
import Foundation
import Kernel
import Synchronization
import Testing
import Tokens

@Suite("The event feed")
struct FeedTests {
    @Test("paging with after returns each event once, in cursor order, then an empty page at the same cursor")
    func paging() async throws {
        let environment = EventsContractEnvironment.inMemory()
        let app = try await environment.app()
        var written: [String] = []
        for index in 0..<7 { written.append(try await environment.emit(accountId: "account-\(index)")) }
        let feed = environment.feed()
        var read: [Event] = []
        var after: EventCursor?
        while true {
            let page = try await feed.page(after: after, limit: 3, wait: 0, by: app.credentials)
            #expect(page.events.count <= 3)
            read += page.events
            if page.events.isEmpty {
                #expect(page.next == after)
                break
            }
            #expect(page.next == page.events.last?.cursor)
            after = page.next
        }
        #expect(read.map(\.id) == written)
        #expect(read.map(\.cursor) == read.map(\.cursor).sorted())
        #expect(read.map(\.subject.accountId) == (0..<7).map { "account-\($0)" })
    }

    @Test("a waiting page answers as soon as an event is readable, not after the whole wait")
    func waitReturnsEarly() async throws {
        let environment = EventsContractEnvironment.inMemory()
        let app = try await environment.app()
        let seen = Seen()
        let feed = environment.feed {
            // The third poll finds nothing; an event is written before the fourth.
            let count = seen.pauses.withLock { pauses in
                pauses += 1
                return pauses
            }
            if count == 3 {
                let id = try await environment.emit()
                seen.written.withLock { $0 = id }
            }
        }
        let started = environment.clock.now()
        let page = try await feed.page(after: nil, limit: 10, wait: 30, by: app.credentials)
        #expect(page.events.map(\.id) == [try #require(seen.written.withLock { $0 })])
        #expect(seen.pauses.withLock { $0 } == 3)
        #expect(environment.clock.now().timeIntervalSince(started) < 1)
    }

    @Test("a wait with nothing written answers empty after the wait, at the cursor asked with")
    func waitTimesOut() async throws {
        let environment = EventsContractEnvironment.inMemory()
        let app = try await environment.app()
        try await environment.emit()
        let feed = environment.feed()
        let cursor = try await feed.page(after: nil, limit: 10, wait: 0, by: app.credentials).next
        let started = environment.clock.now()
        let page = try await feed.page(after: cursor, limit: 10, wait: 2, by: app.credentials)
        #expect(page.events.isEmpty)
        #expect(page.next == cursor)
        let waited = environment.clock.now().timeIntervalSince(started)
        #expect(waited >= 2 && waited < 2.2)
        // wait 0 answers at once.
        let now = environment.clock.now()
        _ = try await feed.page(after: cursor, limit: 10, wait: 0, by: app.credentials)
        #expect(environment.clock.now() == now)
    }

    @Test("a cursor below the pruned events is refused 410 with the retention; at or after it reads on")
    func prunedCursor() async throws {
        let environment = EventsContractEnvironment.inMemory()
        let app = try await environment.app()
        try await environment.emit()
        try await environment.emit()
        let feed = environment.feed()
        let old = try await feed.page(after: nil, limit: 1, wait: 0, by: app.credentials).next
        environment.clock.advance(by: 8 * 86_400)
        let kept = try await environment.emit()
        let retention = EventRetention(
            store: NarrowedStore(environment.base.identityStore) { $0 }, clock: environment.clock,
            retention: FeedRules.defaultRetention)
        #expect(try await retention.prune() == 2)
        let refusal = await #expect(throws: EventsError.self) {
            try await feed.page(after: old, limit: 10, wait: 0, by: app.credentials)
        }
        #expect(refusal == .cursorExpired(retention: 7 * 86_400))
        #expect(
            refusal?.description
                == "That cursor is older than the events kept (7 days); start again without after.")
        // Without a cursor: from the oldest kept, and `next` of an empty start is the newest pruned.
        let fresh = try await feed.page(after: nil, limit: 10, wait: 0, by: app.credentials)
        #expect(fresh.events.map(\.id) == [kept])
        let pruned = try await environment.base.identityStore.read { try $0.prunedEventsThrough() }
        let atPruned = try await feed.page(after: pruned, limit: 10, wait: 0, by: app.credentials)
        #expect(atPruned.events.map(\.id) == [kept])
    }

    @Test("a wrong secret or an unknown app is refused as introspection refuses it, before any wait")
    func wrongCredentials() async throws {
        let environment = EventsContractEnvironment.inMemory()
        let app = try await environment.app()
        let feed = environment.feed()
        for credentials in [
            AppCredentials(appId: app.app.id, secret: app.secret + "x"),
            AppCredentials(appId: "no-such-app", secret: app.secret),
        ] {
            let started = environment.clock.now()
            await #expect(throws: TokensError.wrongAppCredentials) {
                try await feed.page(after: nil, limit: 10, wait: 30, by: credentials)
            }
            #expect(environment.clock.now() == started)
        }
    }

    @Test("limit is 1 to 1000 and wait 0 to 30; a cursor is digits")
    func limits() async throws {
        let environment = EventsContractEnvironment.inMemory()
        let app = try await environment.app()
        let feed = environment.feed()
        for limit in [0, -1, 1001] {
            await #expect(throws: EventsError.limitOutOfRange(limit)) {
                try await feed.page(after: nil, limit: limit, wait: 0, by: app.credentials)
            }
        }
        for wait in [-1, 31] {
            await #expect(throws: EventsError.waitOutOfRange(wait)) {
                try await feed.page(after: nil, limit: 10, wait: wait, by: app.credentials)
            }
        }
        _ = try await feed.page(after: nil, limit: 1000, wait: 0, by: app.credentials)
        _ = try await feed.page(after: nil, limit: 1, wait: 0, by: app.credentials)
        for text in ["abc", "1.2.3", "-4", "0x10", ".5", "1.", "٣"] {
            #expect(throws: EventsError.malformedCursor(text)) { try FeedRules.cursor(text) }
        }
        #expect(try FeedRules.cursor("7391.42") == EventCursor(transaction: 7391, sequence: 42))
        #expect(try FeedRules.cursor("42") == EventCursor(transaction: 0, sequence: 42))
        #expect(try FeedRules.cursor(nil) == nil)
    }

    @Test("a duration is spelled in its largest whole unit")
    func spelled() {
        #expect(FeedRules.spelled(7 * 86_400) == "7 days")
        #expect(FeedRules.spelled(86_400) == "1 day")
        #expect(FeedRules.spelled(36 * 3_600) == "36 hours")
        #expect(FeedRules.spelled(90 * 60) == "90 minutes")
        #expect(FeedRules.spelled(45) == "45 seconds")
    }
}

/// What a waiting feed's pauses saw, shared with the closure that runs at each.
final class Seen: Sendable {
    let pauses = Mutex(0)
    let written = Mutex<String?>(nil)
}
