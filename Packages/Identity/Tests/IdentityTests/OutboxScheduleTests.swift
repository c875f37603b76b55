import Foundation
import Mail
import Testing

/// `OutboxSchedule`'s rule, alone: when a queued message is tried again, when it is given up, and that a message
/// that leaves the queue keeps no text (no code rests in the database after).
@Suite("The outbox schedule")
struct OutboxScheduleTests {
    let queuedAt = Date(timeIntervalSince1970: 1_800_000_000)
    let mail = RenderedMail(sender: "kith@example.org", recipient: "dana@example.org", text: "Your code is 123456")
    let temporary = MailDeliveryError(isPermanent: false, reply: "421 try later")

    func entry(attempts: Int) -> OutboxEntry {
        OutboxEntry(id: "m1", mail: mail, attempts: attempts, createdAt: queuedAt)
    }

    @Test func aClaimBeginsAnAttemptAndHoldsTheMessageForTheLease() {
        let now = queuedAt.addingTimeInterval(5)
        let claimed = OutboxSchedule.standard.claimed(entry(attempts: 0), at: now)
        #expect(claimed.attempts == 1)
        #expect(claimed.nextAttemptAt == now.addingTimeInterval(120))
        #expect(claimed.status == .queued && claimed.mail.text == mail.text)
    }

    @Test func aSentMessageKeepsTheReplyAndLosesItsText() {
        let sent = OutboxSchedule.standard.sent(entry(attempts: 1), reply: "250 ok")
        #expect(sent.status == .sent && sent.lastReply == "250 ok" && sent.mail.text.isEmpty)
        #expect(sent.mail.recipient == mail.recipient)
    }

    /// 30 s after the first failed attempt, doubling with each, never more than an hour.
    @Test(arguments: [(1, 30.0), (2, 60), (3, 120), (7, 1920), (8, 3600), (20, 3600)])
    func aFailedAttemptWaitsTheDoublingPause(attempts: Int, pause: TimeInterval) {
        let now = queuedAt.addingTimeInterval(60)
        let failed = OutboxSchedule.standard.failed(entry(attempts: attempts), error: temporary, at: now)
        #expect(failed.status == .queued)
        #expect(failed.nextAttemptAt == now.addingTimeInterval(pause))
        #expect(failed.lastReply == "421 try later" && failed.mail.text == mail.text)
    }

    @Test func aPermanentRefusalFailsAtOnceAndLosesTheText() {
        let refused = MailDeliveryError(isPermanent: true, reply: "550 no such user")
        let failed = OutboxSchedule.standard.failed(entry(attempts: 1), error: refused, at: queuedAt)
        #expect(failed.status == .failed && failed.mail.text.isEmpty && failed.lastReply == "550 no such user")
    }

    /// Given up when the next attempt would come after 24 hours from queueing; not a moment before.
    @Test func aMessageIsGivenUpWhenItsNextAttemptWouldComeTooLate() {
        let schedule = OutboxSchedule.standard
        let lastChance = queuedAt.addingTimeInterval(24 * 3600 - 3600)
        let stillQueued = schedule.failed(entry(attempts: 9), error: temporary, at: lastChance)
        #expect(stillQueued.status == .queued)
        #expect(stillQueued.nextAttemptAt == queuedAt.addingTimeInterval(24 * 3600))
        let tooLate = schedule.failed(entry(attempts: 9), error: temporary, at: lastChance.addingTimeInterval(1))
        #expect(tooLate.status == .failed && tooLate.mail.text.isEmpty)
    }

    /// `kith` sends only while it runs: every run tries again, a second later at most.
    @Test func kithsScheduleTriesAgainOnTheNextRun() {
        let failed = OutboxSchedule.everyRun.failed(entry(attempts: 6), error: temporary, at: queuedAt)
        #expect(failed.status == .queued && failed.nextAttemptAt == queuedAt.addingTimeInterval(1))
    }
}
