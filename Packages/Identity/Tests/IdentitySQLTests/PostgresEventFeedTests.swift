import Foundation
import IdentitySQL
import Kernel
import PostgresStorage
import PostgresStorageTesting
import Storage
import Testing

@Suite("The event feed on PostgreSQL skips nothing")
struct PostgresEventFeedTests {
    /// Two servers (two pools over one database), 16 writers for 20 s, and every few seconds one transaction that
    /// takes its sequence number and then stays open for 1.5 s while later ones commit. A reader paging with `after=`
    /// from the start, alternating servers, collects every event exactly once, in cursor order, and what it
    /// collected is the table.
    @Test func aReaderPagingFromTheStartCollectsEveryEventOnceInOrder() async throws {
        let url = try await TestPostgres.freshSchemaURL()
        let servers = [
            try await PostgresDatabase.open(
                url: url, features: [IdentityMigrations.all], size: 10, timeouts: TestPostgres.generousTimeouts),
            try await PostgresDatabase.open(
                url: url, features: [IdentityMigrations.all], size: 10, timeouts: TestPostgres.generousTimeouts),
        ]
        let stores = servers.map { SQLStore(identityOn: $0) }
        let deadline = ContinuousClock.now + .seconds(20)
        let now = Date()

        let (collected, slow, naive) = try await withThrowingTaskGroup(of: ([Event], [String], [String]).self) {
            group in
            for writer in 0..<16 {
                group.addTask {
                    var written = 0
                    while ContinuousClock.now < deadline {
                        written += 1
                        let id = "w\(writer)-\(written)"
                        try await stores[writer % 2].write { transaction in
                            try transaction.appendEvent(
                                NewEvent("test.written", subject: EventSubject(accountId: id)), id: id, at: now)
                        }
                    }
                    return ([], [], [])
                }
            }
            group.addTask {
                // The slow one: its event's transaction began (and took its number) before many that commit first.
                var round = 0
                var ids: [String] = []
                while ContinuousClock.now + .seconds(2) < deadline {
                    round += 1
                    let id = "slow-\(round)"
                    try await servers[round % 2].write(synchronous: false) { connection in
                        try SQLIdentityTransaction(connection).appendEvent(
                            NewEvent("test.slow", subject: EventSubject()), id: id, at: now)
                        try connection.execute("SELECT pg_sleep(1.5)")
                    }
                    ids.append(id)
                    try await Task.sleep(for: .seconds(2))
                }
                return ([], ids, [])
            }
            group.addTask {
                var events: [Event] = []
                var cursor = EventCursor.start
                var page = 0
                while true {
                    page += 1
                    let after = cursor
                    let (batch, pending) = try await stores[page % 2].read {
                        (try $0.events(after: after, limit: 500), try $0.eventsNotYetFinal())
                    }
                    events += batch
                    cursor = batch.last?.cursor ?? cursor
                    if batch.isEmpty {
                        if ContinuousClock.now > deadline + .seconds(3) && pending == 0 { return (events, [], []) }
                        try await Task.sleep(for: .milliseconds(20))
                    }
                }
            }
            group.addTask {
                // Pages by sequence alone, as a feed without the transaction order would.
                var ids: [String] = []
                var last: Int64 = 0
                while ContinuousClock.now < deadline + .seconds(3) {
                    let after = last
                    let rows = try await servers[1].read { connection in
                        try connection.query(
                            "SELECT id, sequence FROM identity_events WHERE sequence > ? ORDER BY sequence LIMIT 500",
                            [after]
                        ).map { (try $0.string(0), Int64(try $0.int(1))) }
                    }
                    ids += rows.map(\.0)
                    last = rows.last?.1 ?? last
                    if rows.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
                }
                return ([], [], ids)
            }
            var all: ([Event], [String], [String]) = ([], [], [])
            for try await (events, slow, naive) in group {
                all.0 += events
                all.1 += slow
                all.2 += naive
            }
            return all
        }

        let table = try await servers[0].read { connection in
            try connection.query("SELECT id FROM identity_events").map { try $0.string(0) }
        }
        let ids = collected.map(\.id)
        #expect(Set(ids).count == ids.count, "no event twice")
        #expect(Set(ids) == Set(table), "every event of the table, and nothing else")
        #expect(zip(collected, collected.dropFirst()).allSatisfy { $0.cursor < $1.cursor }, "in cursor order")
        #expect(table.count > 500, "the writers wrote (\(table.count) events)")

        // The case the ordering exists for happened: a reader that paged by sequence number alone, beside the real one,
        // missed slow events (it had been given later numbers first), so this test fails a feed that would skip.
        // Each slow round takes 3.5 s, so 20 s hold up to five; two are enough for the case (a loaded machine, a clean
        // clone's CI among them, finished four where five were asked, and the test failed while the feed was right).
        #expect(slow.count >= 2, "slow rounds: \(slow.count)")
        let naiveIds = Set(naive)
        #expect(naive.count == Set(naive).count)
        #expect(slow.contains { !naiveIds.contains($0) }, "a feed by sequence alone skipped a slow event")
    }
}
