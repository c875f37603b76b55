import Foundation
import GRDB
import Identity

// MARK: - Exit PINs

extension SQLiteIdentityTransaction {
    public func exitPin(memberId: String) throws -> ExitPinRecord? {
        try Row.fetchOne(
            db.cachedStatement(
                sql: "SELECT member_id, pin_hash, failures, blocked_until FROM identity_exit_pins WHERE member_id = ?"),
            arguments: [memberId]
        ).map { row in
            ExitPinRecord(
                memberId: row["member_id"], pinHash: row["pin_hash"],
                attempts: RateLimitState(
                    failures: ExitPinRecord.failures(stored: row["failures"]), lockedUntil: row["blocked_until"]))
        }
    }

    public func saveExitPin(_ record: ExitPinRecord) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO identity_exit_pins (member_id, pin_hash, failures, blocked_until) VALUES (?, ?, ?, ?)
                ON CONFLICT (member_id) DO UPDATE SET
                    pin_hash = excluded.pin_hash, failures = excluded.failures, blocked_until = excluded.blocked_until
                """
        ).execute(arguments: [record.memberId, record.pinHash, record.storedFailures, record.attempts.lockedUntil])
    }

    public func deleteExitPin(memberId: String) throws {
        try db.cachedStatement(sql: "DELETE FROM identity_exit_pins WHERE member_id = ?").execute(arguments: [memberId])
    }
}
