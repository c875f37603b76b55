import Foundation
import Households
import Kernel
import Storage

// MARK: - Exit PINs

extension SQLIdentityTransaction {
    public func exitPin(memberId: String) throws -> ExitPinRecord? {
        try connection.first(
            "SELECT member_id, pin_hash, failures, blocked_until FROM identity_exit_pins WHERE member_id = ?",
            [memberId]
        ).map { row in
            ExitPinRecord(
                memberId: try row.string(0), pinHash: try row.string(1),
                attempts: RateLimitState(
                    failures: RateLimitState.failures(stored: try row.string(2)), lockedUntil: try row.optionalDate(3)))
        }
    }

    public func saveExitPin(_ record: ExitPinRecord) throws {
        try connection.execute(
            """
            INSERT INTO identity_exit_pins (member_id, pin_hash, failures, blocked_until) VALUES (?, ?, ?, ?)
            ON CONFLICT (member_id) DO UPDATE SET
                pin_hash = excluded.pin_hash, failures = excluded.failures, blocked_until = excluded.blocked_until
            """,
            [record.memberId, record.pinHash, record.attempts.storedFailures, record.attempts.lockedUntil])
    }

    public func deleteExitPin(memberId: String) throws {
        try connection.execute("DELETE FROM identity_exit_pins WHERE member_id = ?", [memberId])
    }
}
