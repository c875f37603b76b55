import FamilyCodes
import Foundation
import Kernel
import Storage

/// One SQL transaction (SQLite or PostgreSQL) seen as a `FamilyCodeStoreTransaction`. Plain SQL, no rules; every
/// statement is the same on both engines.
public struct SQLFamilyCodeTransaction: FamilyCodeStoreTransaction {
    let connection: any SQLConnection

    /// The family-code view of an open transaction on `connection`, valid inside the body it was given to.
    public init(_ connection: any SQLConnection) {
        self.connection = connection
    }

    // MARK: - Codes

    public func liveCode(familyId: String) throws -> FamilyCode? {
        try connection.first(
            "SELECT \(Self.codeColumns) FROM familycodes_codes WHERE family_id = ? AND retired_at IS NULL",
            [familyId]
        ).map(Self.code)
    }

    public func liveCode(code: String) throws -> FamilyCode? {
        try connection.first(
            "SELECT \(Self.codeColumns) FROM familycodes_codes WHERE code = ? AND retired_at IS NULL",
            [code]
        ).map(Self.code)
    }

    public func codeHistory(familyId: String) throws -> [FamilyCode] {
        try connection.query(
            "SELECT \(Self.codeColumns) FROM familycodes_codes WHERE family_id = ? ORDER BY seq",
            [familyId]
        ).map(Self.code)
    }

    public func replaceLiveCode(_ code: FamilyCode) throws {
        try connection.execute(
            "UPDATE familycodes_codes SET retired_at = ? WHERE family_id = ? AND retired_at IS NULL",
            [code.generatedAt, code.familyId])
        try connection.execute(
            """
            INSERT INTO familycodes_codes (family_id, code, generated_at, expires_at, max_uses, uses)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            [code.familyId, code.code, code.generatedAt, code.expiresAt, code.maxUses, code.uses])
    }

    public func retireLiveCode(familyId: String, at date: Date) throws {
        try connection.execute(
            "UPDATE familycodes_codes SET retired_at = ? WHERE family_id = ? AND retired_at IS NULL", [date, familyId])
    }

    public func deleteUsage(accountId: String) throws {
        try connection.execute("DELETE FROM familycodes_usage_log WHERE account_id = ?", [accountId])
    }

    public func countUse(ofLiveCode code: String) throws {
        try connection.execute(
            "UPDATE familycodes_codes SET uses = uses + 1 WHERE code = ? AND retired_at IS NULL", [code])
    }

    private static let codeColumns = "family_id, code, generated_at, expires_at, max_uses, uses"

    private static func code(_ row: SQLRow) throws -> FamilyCode {
        FamilyCode(
            familyId: try row.string(0), code: try row.string(1), generatedAt: try row.date(2),
            expiresAt: try row.optionalDate(3), maxUses: try row.optionalInt(4), uses: try row.int(5))
    }

    // MARK: - Rate limits

    public func rateLimitLock(key: String) throws -> Date? {
        try connection.first("SELECT locked_until FROM familycodes_locks WHERE key = ?", [key])?.date(0)
    }

    public func rateLimitState(key: String) throws -> RateLimitState {
        let failures = try connection.query(
            "SELECT failed_at FROM familycodes_failures WHERE key = ? ORDER BY seq", [key]
        ).map { try $0.date(0) }
        return RateLimitState(failures: failures, lockedUntil: try rateLimitLock(key: key))
    }

    public func setRateLimitState(_ state: RateLimitState, key: String) throws {
        try connection.execute("DELETE FROM familycodes_failures WHERE key = ?", [key])
        for failure in state.failures {
            try connection.execute("INSERT INTO familycodes_failures (key, failed_at) VALUES (?, ?)", [key, failure])
        }
        if let lockedUntil = state.lockedUntil {
            try connection.execute(
                """
                INSERT INTO familycodes_locks (key, locked_until) VALUES (?, ?)
                ON CONFLICT (key) DO UPDATE SET locked_until = excluded.locked_until
                """,
                [key, lockedUntil])
        } else {
            try connection.execute("DELETE FROM familycodes_locks WHERE key = ?", [key])
        }
    }

    // MARK: - Usage log

    public func insertUsage(_ usage: FamilyCodeUsage) throws {
        try connection.execute(
            "INSERT INTO familycodes_usage_log (at, account_id, code, family_id, result) VALUES (?, ?, ?, ?, ?)",
            [usage.at, usage.accountId, usage.code, usage.familyId, usage.result.rawValue])
    }

    public func usage(familyIds: Set<String>, codes: Set<String>) throws -> [FamilyCodeUsage] {
        guard !codes.isEmpty else { return [] }
        let codeList = Array(codes)
        let familyList = Array(familyIds)
        return try connection.query(
            """
            SELECT at, account_id, code, family_id, result FROM familycodes_usage_log
            WHERE code IN (\(connection.marks(codeList.count)))
                AND (family_id IS NULL OR family_id IN (\(connection.marks(familyList.count))))
            ORDER BY at DESC, seq DESC
            """,
            codeList + familyList
        ).map(Self.usage)
    }

    /// Reads the whole log (no index on the account): for checks, not for a screen.
    public func usage(accountId: String) throws -> [FamilyCodeUsage] {
        try connection.query(
            """
            SELECT at, account_id, code, family_id, result FROM familycodes_usage_log
            WHERE account_id = ? ORDER BY at DESC, seq DESC
            """,
            [accountId]
        ).map(Self.usage)
    }

    private static func usage(_ row: SQLRow) throws -> FamilyCodeUsage {
        FamilyCodeUsage(
            at: try row.date(0), accountId: try row.string(1), code: try row.string(2), familyId: row[3],
            // An unknown result (a newer build's) reads as a refusal rather than failing the whole log.
            result: FamilyCodeAttemptResult(rawValue: try row.string(4)) ?? .notFound)
    }
}
