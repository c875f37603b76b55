import Foundation

/// A message in the outbox: written in the transaction of the change that causes it, sent after the commit.
public struct OutboxEntry: Sendable, Hashable, Identifiable {
    /// Where a message is in its life.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// Waiting for its first or next attempt.
        case queued
        /// Accepted by the receiving end.
        case sent
        /// Refused for good, or not delivered within `OutboxSchedule.giveUpAfter`.
        case failed
    }

    public var id: String
    /// The message; its text is erased once it is sent or failed, so no code rests in the database after.
    public var mail: RenderedMail
    public var status: Status
    /// Attempts begun so far (a claim begins one).
    public var attempts: Int
    public var createdAt: Date
    /// When the message is due: its next attempt, or the end of the current attempt's lease.
    public var nextAttemptAt: Date
    /// The receiving end's last answer or failure, for the log.
    public var lastReply: String?

    /// Creates an entry.
    public init(
        id: String, mail: RenderedMail, status: Status = .queued, attempts: Int = 0, createdAt: Date,
        nextAttemptAt: Date? = nil, lastReply: String? = nil
    ) {
        self.id = id
        self.mail = mail
        self.status = status
        self.attempts = attempts
        self.createdAt = createdAt
        self.nextAttemptAt = nextAttemptAt ?? createdAt
        self.lastReply = lastReply
    }
}
