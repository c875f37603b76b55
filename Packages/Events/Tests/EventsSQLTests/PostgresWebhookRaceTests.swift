import Events
import EventsSQL
import EventsTesting
import Foundation
import IdentitySQL
import Kernel
import PostgresStorage
import PostgresStorageTesting
import Storage
import Synchronization
import Testing

/// Three servers (three pools over one PostgreSQL database, each with its own deliverer and owner name) run their
/// delivery loops at the same time for the same apps while events are written: the claim in the database, not luck,
/// keeps each app's deliveries one at a time and each event delivered once.
@Suite("Webhook claims on PostgreSQL under a real race")
struct PostgresWebhookRaceTests {
    /// A webhook receiver shared by every server: records each POST with when it began and ended, takes a few
    /// milliseconds to answer (so that two sends to one app, were they allowed, would overlap), and answers 500 to
    /// the first attempt of every `failEvery`th event of an app whose URL contains "flaky".
    final class Receiver: WebhookSender {
        struct Post: Sendable {
            var url: String
            var eventId: String
            var status: Int
            var start: ContinuousClock.Instant
            var end: ContinuousClock.Instant
        }

        let posts = Mutex<[Post]>([])
        let failEvery: Int

        init(failEvery: Int) { self.failEvery = failEvery }

        func send(_ request: WebhookRequest) async throws -> Int {
            let start = ContinuousClock.now
            let eventId = request.headers["webhook-id"] ?? ""
            let status = posts.withLock { posts in
                let seen = posts.filter { $0.url == request.url }
                guard request.url.contains("flaky"), !seen.contains(where: { $0.eventId == eventId }) else {
                    return 200
                }
                let distinct = Set(seen.map(\.eventId)).count + 1
                return distinct % failEvery == 0 ? 500 : 200
            }
            // kept: a POST takes time, so that two sent at once to one app would overlap (which the test looks for).
            try await Task.sleep(for: .milliseconds(3))
            let end = ContinuousClock.now
            posts.withLock {
                $0.append(Post(url: request.url, eventId: eventId, status: status, start: start, end: end))
            }
            return status
        }
    }

    /// What the writers wrote so far, and whether they are done.
    final class Progress: Sendable {
        let written = Mutex<[String]>([])
        let writing = Mutex(true)
        /// Writers still writing: the last to finish ends `writing`.
        let writers = Mutex(0)
    }

    @Test func threeServersDeliverEachEventToEachAppOnceInOrderAndNeverTwoAtATime() async throws {
        let url = try await TestPostgres.freshSchemaURL()
        var pools: [PostgresDatabase] = []
        for _ in 0..<3 {
            pools.append(
                try await PostgresDatabase.open(
                    url: url, features: EventsContractEnvironment.migrations, size: 4,
                    timeouts: TestPostgres.generousTimeouts))
        }
        let environment = EventsContractEnvironment.sql(pools[0])
        let steady = ["https://steady-1.example/hook", "https://steady-2.example/hook"]
        let flaky = "https://flaky.example/hook"
        var apps: [String: String] = [:]
        for (index, webhook) in (steady + [flaky]).enumerated() {
            apps[webhook] = try await environment.app("App \(index)", webhook: webhook).app.id
        }
        let receiver = Receiver(failEvery: 4)
        // A failed attempt is due again 20 ms later (at most 80 ms), so that retries happen within the test; a claim
        // lasts a minute, far longer than any send here, so no lease runs out.
        let schedule = WebhookSchedule(firstPause: 0.02, longestPause: 0.08, giveUpAfter: 3_600, lease: 60)
        let deliverers = pools.map {
            WebhookDeliverer(
                store: SQLStore(eventsOn: $0), sender: receiver, sealingKey: nil, schedule: schedule, batch: 50)
        }
        #expect(Set(deliverers.map(\.owner)).count == 3)
        let writers = pools.map { SQLStore(identityOn: $0) }

        let progress = Progress()
        let deadline = ContinuousClock.now + .seconds(90)
        progress.writers.withLock { $0 = writers.count }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, writer) in writers.enumerated() {
                group.addTask {
                    // Once the writers are done, the loops may stop when all is delivered.
                    defer {
                        progress.writers.withLock { left in
                            left -= 1
                            if left == 0 { progress.writing.withLock { $0 = false } }
                        }
                    }
                    for number in 0..<40 {
                        let id = "w\(index)-\(number)"
                        let now = Date()
                        try await writer.write { identity in
                            try identity.appendEvent(
                                NewEvent("account.updated", subject: EventSubject(accountId: id)), id: id, at: now)
                        }
                        progress.written.withLock { $0.append(id) }
                        // kept: events come in over time, while the servers deliver, not all before the first pass.
                        try await Task.sleep(for: .milliseconds(15))
                    }
                }
            }
            for deliverer in deliverers {
                group.addTask {
                    // Until the writers are done and every event reached every app (or the deadline passes).
                    while ContinuousClock.now < deadline {
                        // A pass that loses to another server's (a serialization failure past the retries) is tried
                        // again, as the server's loop does.
                        _ = try? await deliverer.deliverDue()
                        if !progress.writing.withLock({ $0 }) {
                            let ids = Set(progress.written.withLock { $0 })
                            let delivered = receiver.posts.withLock { posts in
                                Dictionary(grouping: posts.filter { $0.status == 200 }, by: \.url)
                                    .mapValues { Set($0.map(\.eventId)) }
                            }
                            if (steady + [flaky]).allSatisfy({ delivered[$0] == ids }) { return }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }

        let ids = Set(progress.written.withLock { $0 })
        #expect(ids.count == 120)
        let order = try await pools[1].read { connection in
            try connection.query("SELECT id FROM identity_events").map { try $0.string(0) }
        }
        let cursorOf = try await environment.base.identityStore.read { identity in
            Dictionary(
                uniqueKeysWithValues: try identity.events(after: .start, limit: 10_000).map { ($0.id, $0.cursor) })
        }
        #expect(Set(order) == ids && cursorOf.count == ids.count, "the table holds the events written")
        let posts = receiver.posts.withLock { $0 }
        for webhook in steady + [flaky] {
            let mine = posts.filter { $0.url == webhook }.sorted { $0.start < $1.start }
            let delivered = mine.filter { $0.status == 200 }.map(\.eventId)
            // Each event reaches the app: a steady one answers 200 each time, so exactly once.
            #expect(Set(delivered) == ids, "\(webhook): every event delivered")
            #expect(delivered.count == Set(delivered).count, "\(webhook): no event delivered twice")
            if webhook != flaky { #expect(mine.count == ids.count, "\(webhook): one POST per event") }
            // One at a time: each POST to the app began after the one before ended.
            let overlapping = zip(mine, mine.dropFirst()).filter { $1.start < $0.end }
            #expect(overlapping.isEmpty, "\(webhook): \(overlapping.count) sends overlapped another")
            // In cursor order, each event's attempts together: a failed one is retried (same webhook-id) before the
            // next event is sent.
            var runs: [String] = []
            for post in mine where runs.last != post.eventId { runs.append(post.eventId) }
            #expect(runs.count == Set(runs).count, "\(webhook): an event's attempts are not interrupted by another's")
            let cursors = runs.compactMap { cursorOf[$0] }
            #expect(cursors.count == runs.count && zip(cursors, cursors.dropFirst()).allSatisfy { $0 < $1 })
            let appId = try #require(apps[webhook])
            let state = try await environment.store.read { events, _, _ in try events.webhookState(appId: appId) }
            #expect(state?.deliveredThrough == cursors.last, "\(webhook): the app's cursor is past its last event")
        }
        // The flaky app had failures, each retried with the same webhook-id until it was delivered.
        let failed = posts.filter { $0.url == flaky && $0.status == 500 }.map(\.eventId)
        #expect(failed.count >= 120 / 4 - 1, "the receiver failed some attempts (\(failed.count))")
        for id in failed {
            #expect(posts.contains { $0.url == flaky && $0.eventId == id && $0.status == 200 }, "\(id) retried")
        }
    }
}
