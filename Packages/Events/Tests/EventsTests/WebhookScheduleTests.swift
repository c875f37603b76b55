import Events
import Foundation
import Kernel
import Testing

@Suite("Webhook schedule")
struct WebhookScheduleTests {
    let schedule = WebhookSchedule.standard
    let start = Date(timeIntervalSince1970: 1_735_689_600)

    @Test("any 2xx delivers; 410 disables; anything else, or no answer, fails")
    func outcomes() {
        for status in [200, 201, 204, 299] { #expect(WebhookSchedule.outcome(status: status) == .delivered) }
        #expect(WebhookSchedule.outcome(status: 410) == .gone)
        for status in [nil, 100, 301, 400, 404, 429, 500, 503] as [Int?] {
            #expect(WebhookSchedule.outcome(status: status) == .failed)
        }
    }

    @Test("pauses are 30 s doubling to an hour")
    func pauses() {
        #expect((1...9).map { schedule.pause(afterAttempt: $0) } == [30, 60, 120, 240, 480, 960, 1920, 3600, 3600])
        #expect(schedule.pause(afterAttempt: 10_000) == 3600)
    }

    @Test("a claim leases the app for a minute and counts the attempt; a new event starts at one")
    func claims() {
        let state = WebhookState(appId: "app")
        let claimed = schedule.claimed(state, eventId: "e1", by: "server-a", at: start)
        #expect(claimed.attempts == 1 && claimed.pendingEventId == "e1")
        #expect(claimed.claimedUntil == start.addingTimeInterval(60))
        #expect(!schedule.isDue(claimed, url: "u", at: start.addingTimeInterval(59)))
        #expect(schedule.isDue(claimed, url: "u", at: start.addingTimeInterval(60)))
        #expect(schedule.holds(claimed, eventId: "e1", by: "server-a"))
        #expect(!schedule.holds(claimed, eventId: "e1", by: "server-b"))
        let again = schedule.claimed(claimed, eventId: "e1", by: "server-b", at: start.addingTimeInterval(60))
        #expect(again.attempts == 2 && again.claimOwner == "server-b")
        let other = schedule.claimed(again, eventId: "e2", by: "server-b", at: start.addingTimeInterval(61))
        #expect(other.attempts == 1)
    }

    @Test("a failure waits its pause from the first failure's clock; three days after the first it is given up")
    func failures() {
        let cursor = EventCursor(transaction: 0, sequence: 5)
        var state = schedule.claimed(WebhookState(appId: "app"), eventId: "e1", by: "a", at: start)
        var (next, gaveUp) = schedule.failed(state, through: cursor, at: start)
        #expect(!gaveUp && next.nextAttemptAt == start.addingTimeInterval(30) && next.firstFailureAt == start)
        #expect(next.claimOwner == nil && next.deliveredThrough == .start)
        // Late in the third day, a failure whose pause would end past the three days gives the event up.
        state = schedule.claimed(next, eventId: "e1", by: "a", at: start.addingTimeInterval(3 * 86_400 - 3_000))
        state.attempts = 80
        (next, gaveUp) = schedule.failed(state, through: cursor, at: start.addingTimeInterval(3 * 86_400 - 3_000))
        #expect(gaveUp)
        #expect(next == WebhookState(appId: "app", deliveredThrough: cursor))
    }

    @Test("a 410 disables for that URL only; a changed URL is on again")
    func disabled() {
        let state = schedule.disabled(
            schedule.claimed(WebhookState(appId: "app"), eventId: "e1", by: "a", at: start), url: "https://a/h",
            at: start)
        #expect(!schedule.isDue(state, url: "https://a/h", at: start.addingTimeInterval(86_400)))
        #expect(state.pendingEventId == nil && state.deliveredThrough == .start)
        let changed = schedule.current(state, url: "https://b/h")
        #expect(changed.disabledURL == nil && schedule.isDue(changed, url: "https://b/h", at: start))
        #expect(schedule.current(state, url: "https://a/h") == state)
    }

    @Test("delivering moves past the event and clears the attempt")
    func delivered() {
        let cursor = EventCursor(transaction: 3, sequence: 9)
        let state = schedule.claimed(WebhookState(appId: "app"), eventId: "e1", by: "a", at: start)
        #expect(schedule.delivered(state, through: cursor) == WebhookState(appId: "app", deliveredThrough: cursor))
    }
}

extension WebhookScheduleTests {
    @Test("DOMAIN.md's numbers: 30 s doubling to an hour, for 3 days, a claim a minute")
    func numbers() {
        #expect(schedule.retry == RetrySchedule(firstPause: 30, longestPause: 3_600, giveUpAfter: 259_200, lease: 60))
        #expect(schedule.lease == 60)
    }
}
