import Foundation
import Kernel

/// Where the outbox persists: any store whose transactions include the outbox's part (Identity's, narrowed).
public typealias OutboxStore = TransactionalStore<any OutboxStoreTransaction>

/// Sends what the outbox holds: claims the messages due, delivers each through the mailer outside any transaction,
/// and records what happened (`OutboxSchedule` decides when to try again). `kith` runs it after each command;
/// `kith-server` runs it in the background. Several senders on one database claim different messages.
public struct OutboxSender: Sendable {
    let store: any OutboxStore
    let mailer: any Mailer
    let clock: any WallClock
    let schedule: OutboxSchedule

    /// A sender of `store`'s outbox through `mailer`.
    public init(
        store: any OutboxStore, mailer: any Mailer, clock: any WallClock = SystemClock(),
        schedule: OutboxSchedule = .standard
    ) {
        self.store = store
        self.mailer = mailer
        self.clock = clock
        self.schedule = schedule
    }

    /// Sends every message due when the call begins, claiming at most `batch` at a time; what each attempt did. A
    /// message is tried once a call: a failed one is due again only after its pause.
    public func sendDue(batch: Int = 20) async throws -> OutboxReport {
        var report = OutboxReport()
        // `kith` calls this after every command: a read says whether there is anything to claim, so a command that
        // queued nothing opens no write transaction for it.
        guard try await store.read({ try $0.outboxCount(status: .queued) }) > 0 else { return report }
        let schedule = schedule
        let start = clock.now()
        while true {
            // Claimed at `start`: a claim (due again after the lease) or a failure (after a pause) is never due at
            // `start` again, so the loop ends.
            let claimed = try await store.write { transaction in
                let claimed = try transaction.dueOutboxEntries(at: start, limit: batch).map {
                    schedule.claimed($0, at: start)
                }
                for entry in claimed { try transaction.updateOutboxEntry(entry) }
                return claimed
            }
            for entry in claimed {
                let outcome: OutboxEntry
                do {
                    outcome = schedule.sent(entry, reply: try await mailer.deliver(entry.mail))
                } catch let error as MailDeliveryError {
                    outcome = schedule.failed(entry, error: error, at: clock.now())
                } catch {
                    let failure = MailDeliveryError(isPermanent: false, reply: String(describing: error))
                    outcome = schedule.failed(entry, error: failure, at: clock.now())
                }
                // A message sent, or failed for good, leaves the outbox: nothing of it (the recipient, the text) stays.
                try await store.write { transaction in
                    if outcome.status == .queued {
                        try transaction.updateOutboxEntry(outcome)
                    } else {
                        try transaction.deleteOutboxEntry(id: outcome.id)
                    }
                }
                report.record(outcome, recipient: entry.mail.recipient)
            }
            if claimed.count < batch { break }
        }
        report.queued = try await store.read { try $0.outboxCount(status: .queued) }
        return report
    }
}

/// What one `OutboxSender.sendDue` did.
public struct OutboxReport: Sendable, Hashable {
    /// One attempt: the message (its outbox id), its recipient, and what the receiving end answered.
    public struct Attempt: Sendable, Hashable {
        public var id: String
        public var recipient: String
        public var reply: String
    }

    /// Accepted (for a Maildir, the reply is the file's path).
    public var sent: [Attempt] = []
    /// Failed, to be tried again later.
    public var retried: [Attempt] = []
    /// Failed for good.
    public var failed: [Attempt] = []
    /// Messages still queued after this pass (here or for any sender on the database).
    public var queued = 0

    /// An empty report.
    public init() {}

    mutating func record(_ entry: OutboxEntry, recipient: String) {
        let attempt = Attempt(id: entry.id, recipient: recipient, reply: entry.lastReply ?? "")
        switch entry.status {
        case .sent: sent.append(attempt)
        case .failed: failed.append(attempt)
        case .queued: retried.append(attempt)
        }
    }
}
