import Accounts
import Foundation
import Kernel
import Mail
import Storage

// MARK: - Mailed codes, rate limits and the outbox

extension SQLIdentityTransaction {
    public func emailCode(accountId: String, purpose: EmailCode.Purpose) throws -> EmailCode? {
        try connection.first(
            """
            SELECT code_hash, email, created_at, expires_at, wrong_tries FROM identity_email_codes
            WHERE account_id = ? AND purpose = ?
            """,
            [accountId, purpose.rawValue]
        ).map { row in
            EmailCode(
                accountId: accountId, purpose: purpose, codeHash: try row.string(0), email: try row.string(1),
                createdAt: try row.date(2), expiresAt: try row.date(3), wrongTries: try row.int(4))
        }
    }

    public func saveEmailCode(_ code: EmailCode) throws {
        try connection.execute(
            """
            INSERT INTO identity_email_codes (account_id, purpose, code_hash, email, created_at, expires_at, wrong_tries)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (account_id, purpose) DO UPDATE SET
                code_hash = excluded.code_hash, email = excluded.email, created_at = excluded.created_at,
                expires_at = excluded.expires_at, wrong_tries = excluded.wrong_tries
            """,
            [
                code.accountId, code.purpose.rawValue, code.codeHash, code.email, code.createdAt, code.expiresAt,
                code.wrongTries,
            ])
    }

    public func deleteEmailCode(accountId: String, purpose: EmailCode.Purpose) throws {
        try connection.execute(
            "DELETE FROM identity_email_codes WHERE account_id = ? AND purpose = ?", [accountId, purpose.rawValue])
    }

    public func rateLimitState(key: String) throws -> RateLimitState {
        try connection.first("SELECT failures, locked_until FROM identity_rate_limits WHERE key = ?", [key]).map {
            RateLimitState(
                failures: RateLimitState.failures(stored: try $0.string(0)), lockedUntil: try $0.optionalDate(1))
        } ?? .fresh
    }

    public func setRateLimitState(_ state: RateLimitState, key: String) throws {
        guard state != .fresh else {
            try connection.execute("DELETE FROM identity_rate_limits WHERE key = ?", [key])
            return
        }
        try connection.execute(
            """
            INSERT INTO identity_rate_limits (key, failures, locked_until) VALUES (?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, locked_until = excluded.locked_until
            """,
            [key, state.storedFailures, state.lockedUntil])
    }

    private static let outboxColumns =
        "id, sender, recipient, text, status, attempts, created_at, next_attempt_at, last_reply"

    public func insertOutboxEntry(_ entry: OutboxEntry) throws {
        try connection.execute(
            "INSERT INTO identity_outbox (\(Self.outboxColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                entry.id, entry.mail.sender, entry.mail.recipient, entry.mail.text, entry.status.rawValue,
                entry.attempts, entry.createdAt, entry.nextAttemptAt, entry.lastReply,
            ])
    }

    public func dueOutboxEntries(at now: Date, limit: Int) throws -> [OutboxEntry] {
        // SQLite has one writer at a time, so its write transaction already holds every row.
        let skipLocked = connection.dialect == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
        return try connection.query(
            """
            SELECT \(Self.outboxColumns) FROM identity_outbox
            WHERE status = 'queued' AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?\(skipLocked)
            """,
            [now, limit]
        ).map { row in
            OutboxEntry(
                id: try row.string(0),
                mail: RenderedMail(sender: try row.string(1), recipient: try row.string(2), text: try row.string(3)),
                status: OutboxEntry.Status(rawValue: try row.string(4)) ?? .queued, attempts: try row.int(5),
                createdAt: try row.date(6), nextAttemptAt: try row.date(7), lastReply: row[8])
        }
    }

    public func updateOutboxEntry(_ entry: OutboxEntry) throws {
        try connection.execute(
            """
            UPDATE identity_outbox SET status = ?, attempts = ?, next_attempt_at = ?, last_reply = ?, text = ?
            WHERE id = ?
            """,
            [entry.status.rawValue, entry.attempts, entry.nextAttemptAt, entry.lastReply, entry.mail.text, entry.id])
    }

    public func outboxCount(status: OutboxEntry.Status) throws -> Int {
        try connection.first("SELECT count(*) FROM identity_outbox WHERE status = ?", [status.rawValue])?.int(0) ?? 0
    }
}
