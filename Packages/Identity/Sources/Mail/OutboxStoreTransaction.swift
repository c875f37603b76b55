import Foundation

/// The mail part of a store transaction: the outbox, where a change queues its messages in its own transaction, so
/// a message is sent only when the change that queued it committed (`OutboxSender` delivers them).
public protocol OutboxStoreTransaction {
    // MARK: - The outbox

    /// Adds a message to the outbox.
    func insertOutboxEntry(_ entry: OutboxEntry) throws
    /// Queued messages due at `now`, longest due first, at most `limit`; on PostgreSQL rows another open transaction
    /// has claimed are skipped (`FOR UPDATE SKIP LOCKED`), so servers sharing a database claim different messages.
    func dueOutboxEntries(at now: Date, limit: Int) throws -> [OutboxEntry]
    /// Replaces a message's status, attempts, due time, last reply and text.
    func updateOutboxEntry(_ entry: OutboxEntry) throws
    /// How many messages have `status`.
    func outboxCount(status: OutboxEntry.Status) throws -> Int

    // MARK: - Leaving (an account deleted, its data exported)

    /// Removes the messages queued for `recipient` (compared as written).
    func deleteOutboxEntries(recipient: String) throws
    /// Removes one message from the outbox.
    func deleteOutboxEntry(id: String) throws
    /// The messages still queued for `recipient`, oldest first.
    func queuedOutboxEntries(recipient: String) throws -> [OutboxEntry]
}
