import Foundation
import Storage
import TwoStep

// MARK: - Two-step sign-in

extension SQLIdentityTransaction {
    public func twoStep(accountId: String) throws -> TwoStepRecord? {
        try connection.first(
            "SELECT secret, created_at, enabled_at, last_used_step FROM identity_two_step WHERE account_id = ?",
            [accountId]
        ).map { row in
            TwoStepRecord(
                accountId: accountId, storedSecret: try row.string(0), createdAt: try row.date(1),
                enabledAt: try row.optionalDate(2), lastUsedStep: try row.optionalInt(3).map(Int64.init))
        }
    }

    public func saveTwoStep(_ record: TwoStepRecord) throws {
        try connection.execute(
            """
            INSERT INTO identity_two_step (account_id, secret, created_at, enabled_at, last_used_step)
            VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (account_id) DO UPDATE SET
                secret = excluded.secret, created_at = excluded.created_at, enabled_at = excluded.enabled_at,
                last_used_step = excluded.last_used_step
            """,
            [record.accountId, record.storedSecret, record.createdAt, record.enabledAt, record.lastUsedStep])
    }

    public func deleteTwoStep(accountId: String) throws {
        try connection.execute("DELETE FROM identity_recovery_codes WHERE account_id = ?", [accountId])
        try connection.execute("DELETE FROM identity_two_step WHERE account_id = ?", [accountId])
    }

    public func recoveryCodes(accountId: String) throws -> [RecoveryCodeRecord] {
        try connection.query(
            """
            SELECT id, code_hash, created_at, used_at FROM identity_recovery_codes WHERE account_id = ?
            ORDER BY created_at, id
            """,
            [accountId]
        ).map { row in
            RecoveryCodeRecord(
                id: try row.string(0), accountId: accountId, codeHash: try row.string(1), createdAt: try row.date(2),
                usedAt: try row.optionalDate(3))
        }
    }

    public func replaceRecoveryCodes(_ codes: [RecoveryCodeRecord], accountId: String) throws {
        try connection.execute("DELETE FROM identity_recovery_codes WHERE account_id = ?", [accountId])
        for code in codes {
            try connection.execute(
                "INSERT INTO identity_recovery_codes (id, account_id, code_hash, created_at, used_at) VALUES (?, ?, ?, ?, ?)",
                [code.id, code.accountId, code.codeHash, code.createdAt, code.usedAt])
        }
    }

    public func markRecoveryCodeUsed(id: String, at date: Date) throws {
        try connection.execute("UPDATE identity_recovery_codes SET used_at = ? WHERE id = ?", [date, id])
    }

    private static let challengeColumns = "token_hash, account_id, client_address, attempted_at, expires_at, used_at"

    public func insertSignInChallenge(_ challenge: SignInChallenge, removingExpiredAt now: Date) throws {
        try connection.execute("DELETE FROM identity_sign_in_challenges WHERE expires_at < ?", [now])
        try connection.execute(
            "INSERT INTO identity_sign_in_challenges (\(Self.challengeColumns)) VALUES (?, ?, ?, ?, ?, ?)",
            [
                challenge.tokenHash, challenge.accountId, challenge.clientAddress, challenge.attemptedAt,
                challenge.expiresAt, challenge.usedAt,
            ])
    }

    public func signInChallenge(tokenHash: String) throws -> SignInChallenge? {
        try connection.first(
            "SELECT \(Self.challengeColumns) FROM identity_sign_in_challenges WHERE token_hash = ?", [tokenHash]
        ).map(Self.challenge)
    }

    public func markSignInChallengeUsed(tokenHash: String, at date: Date) throws {
        try connection.execute(
            "UPDATE identity_sign_in_challenges SET used_at = ? WHERE token_hash = ?", [date, tokenHash])
    }

    public func signInChallenges(accountId: String) throws -> [SignInChallenge] {
        try connection.query(
            """
            SELECT \(Self.challengeColumns) FROM identity_sign_in_challenges WHERE account_id = ?
            ORDER BY attempted_at, token_hash
            """,
            [accountId]
        ).map(Self.challenge)
    }

    private static func challenge(_ row: SQLRow) throws -> SignInChallenge {
        SignInChallenge(
            tokenHash: try row.string(0), accountId: try row.string(1), clientAddress: row[2],
            attemptedAt: try row.date(3), expiresAt: try row.date(4), usedAt: try row.optionalDate(5))
    }
}
