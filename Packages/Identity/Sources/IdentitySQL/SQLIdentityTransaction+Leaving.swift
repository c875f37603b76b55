import Foundation
import Households
import Kernel
import Mail
import Storage

// MARK: - Leaving

extension SQLIdentityTransaction {
    public func deleteAccount(id: String) throws {
        // Sessions, linked identities, mailed codes, the account's state and a device's saved entry go with it
        // (ON DELETE CASCADE); a saved entry's current-account mark is the device's own key.
        if connection.dialect == .sqlite {
            try connection.execute(
                "DELETE FROM identity_device WHERE key = 'current_account_id' AND value = ?", [id])
        }
        try connection.execute("DELETE FROM identity_accounts WHERE id = ?", [id])
    }

    public func deleteHousehold(id: String) throws {
        try connection.execute("DELETE FROM identity_households WHERE id = ?", [id])
    }

    public func setHouseholdOwner(householdId: String, accountId: String) throws {
        try connection.execute(
            "UPDATE identity_households SET owner_account_id = ? WHERE id = ?", [accountId, householdId])
    }

    public func deleteActingRecords(subjectMemberId: String) throws {
        try connection.execute("DELETE FROM identity_acting_records WHERE subject_member_id = ?", [subjectMemberId])
    }

    public func deleteClaimCodes(createdBy accountId: String) throws {
        try connection.execute("DELETE FROM identity_claim_codes WHERE created_by = ?", [accountId])
    }

    public func deleteRateLimitStates(keySuffix suffix: String) throws {
        // By the key's end, not LIKE: an id holds no wildcard, but nothing here should depend on that.
        try connection.execute(
            "DELETE FROM identity_rate_limits WHERE substr(key, length(key) - ? + 1) = ?", [suffix.count, suffix])
    }

    public func deleteOutboxEntries(recipient: String) throws {
        try connection.execute(
            "DELETE FROM identity_outbox WHERE status = 'queued' AND recipient = ?", [recipient])
    }

    public func deleteOutboxEntry(id: String) throws {
        try connection.execute("DELETE FROM identity_outbox WHERE id = ?", [id])
    }

    public func rateLimitStates(keySuffix suffix: String) throws -> [String: RateLimitState] {
        let rows = try connection.query(
            "SELECT key, failures, locked_until FROM identity_rate_limits WHERE substr(key, length(key) - ? + 1) = ?",
            [suffix.count, suffix])
        var states: [String: RateLimitState] = [:]
        for row in rows {
            states[try row.string(0)] = RateLimitState(
                failures: RateLimitState.failures(stored: try row.string(1)), lockedUntil: try row.optionalDate(2))
        }
        return states
    }

    public func queuedOutboxEntries(recipient: String) throws -> [OutboxEntry] {
        try connection.query(
            """
            SELECT id, sender, recipient, text, status, attempts, created_at, next_attempt_at, last_reply
            FROM identity_outbox WHERE status = 'queued' AND recipient = ? ORDER BY created_at
            """,
            [recipient]
        ).map { row in
            OutboxEntry(
                id: try row.string(0),
                mail: RenderedMail(sender: try row.string(1), recipient: try row.string(2), text: try row.string(3)),
                status: .queued, attempts: try row.int(5), createdAt: try row.date(6),
                nextAttemptAt: try row.date(7), lastReply: row[8])
        }
    }

    public func claimCodes(memberId: String) throws -> [ClaimCode] {
        try connection.query(
            """
            SELECT code_hash, household_id, created_by, created_at, expires_at, used_at FROM identity_claim_codes
            WHERE member_id = ? ORDER BY created_at
            """,
            [memberId]
        ).map { row in
            ClaimCode(
                codeHash: try row.string(0), memberId: memberId, householdId: try row.string(1),
                createdBy: try row.string(2), createdAt: try row.date(3), expiresAt: try row.date(4),
                usedAt: try row.optionalDate(5))
        }
    }
}
