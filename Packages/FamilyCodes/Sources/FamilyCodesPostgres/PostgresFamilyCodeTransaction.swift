import FamilyCodes
import Foundation
import Identity
import PostgresStorage

/// One PostgreSQL transaction seen as a `FamilyCodeStoreTransaction`. Plain SQL, no rules; the statements are the
/// SQLite store's, with `$n` parameters.
public struct PostgresFamilyCodeTransaction: FamilyCodeStoreTransaction {
    let connection: PostgresConnection

    /// The family-code view of an open transaction on `connection`, valid inside the body it was given to.
    public init(_ connection: PostgresConnection) {
        self.connection = connection
    }

    // MARK: - Codes

    public func liveCode(familyId: String) throws -> FamilyCode? {
        try connection.first(
            "SELECT \(Self.codeColumns) FROM familycodes_codes WHERE family_id = $1 AND retired_at IS NULL",
            [familyId]
        ).map(Self.code)
    }

    public func liveCode(code: String) throws -> FamilyCode? {
        try connection.first(
            "SELECT \(Self.codeColumns) FROM familycodes_codes WHERE code = $1 AND retired_at IS NULL",
            [code]
        ).map(Self.code)
    }

    public func codeHistory(familyId: String) throws -> [FamilyCode] {
        try connection.query(
            "SELECT \(Self.codeColumns) FROM familycodes_codes WHERE family_id = $1 ORDER BY seq",
            [familyId]
        ).map(Self.code)
    }

    public func replaceLiveCode(_ code: FamilyCode) throws {
        try connection.execute(
            "UPDATE familycodes_codes SET retired_at = $1 WHERE family_id = $2 AND retired_at IS NULL",
            [code.generatedAt, code.familyId])
        try connection.execute(
            """
            INSERT INTO familycodes_codes (family_id, code, generated_at, expires_at, max_uses, uses)
            VALUES ($1, $2, $3, $4, $5, $6)
            """,
            [code.familyId, code.code, code.generatedAt, code.expiresAt, code.maxUses, code.uses])
    }

    public func countUse(ofLiveCode code: String) throws {
        try connection.execute(
            "UPDATE familycodes_codes SET uses = uses + 1 WHERE code = $1 AND retired_at IS NULL", [code])
    }

    private static let codeColumns = "family_id, code, generated_at, expires_at, max_uses, uses"

    private static func code(_ row: PostgresRow) throws -> FamilyCode {
        FamilyCode(
            familyId: try row.string(0), code: try row.string(1), generatedAt: try row.date(2),
            expiresAt: try row.optionalDate(3), maxUses: try row.optionalInt(4), uses: try row.int(5))
    }

    // MARK: - Rate limits

    public func rateLimitLock(key: String) throws -> Date? {
        try connection.first("SELECT locked_until FROM familycodes_locks WHERE key = $1", [key])?.date(0)
    }

    public func rateLimitState(key: String) throws -> RateLimitState {
        let failures = try connection.query(
            "SELECT failed_at FROM familycodes_failures WHERE key = $1 ORDER BY seq", [key]
        ).map { try $0.date(0) }
        return RateLimitState(failures: failures, lockedUntil: try rateLimitLock(key: key))
    }

    public func setRateLimitState(_ state: RateLimitState, key: String) throws {
        try connection.execute("DELETE FROM familycodes_failures WHERE key = $1", [key])
        for failure in state.failures {
            try connection.execute("INSERT INTO familycodes_failures (key, failed_at) VALUES ($1, $2)", [key, failure])
        }
        if let lockedUntil = state.lockedUntil {
            try connection.execute(
                """
                INSERT INTO familycodes_locks (key, locked_until) VALUES ($1, $2)
                ON CONFLICT (key) DO UPDATE SET locked_until = excluded.locked_until
                """,
                [key, lockedUntil])
        } else {
            try connection.execute("DELETE FROM familycodes_locks WHERE key = $1", [key])
        }
    }

    // MARK: - Usage log

    public func insertUsage(_ usage: FamilyCodeUsage) throws {
        try connection.execute(
            "INSERT INTO familycodes_usage_log (at, account_id, code, family_id, result) VALUES ($1, $2, $3, $4, $5)",
            [usage.at, usage.accountId, usage.code, usage.familyId, usage.result.rawValue])
    }

    public func usage(familyIds: Set<String>, codes: Set<String>) throws -> [FamilyCodeUsage] {
        guard !codes.isEmpty else { return [] }
        let codeList = Array(codes)
        let familyList = Array(familyIds)
        return try connection.query(
            """
            SELECT at, account_id, code, family_id, result FROM familycodes_usage_log
            WHERE code IN (\(Self.placeholders(codeList.count, from: 1)))
                AND (family_id IS NULL OR family_id IN (\(Self.placeholders(familyList.count, from: codeList.count + 1))))
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
            WHERE account_id = $1 ORDER BY at DESC, seq DESC
            """,
            [accountId]
        ).map(Self.usage)
    }

    /// `$first, $first+1, ...` for `count` values; `NULL` for none (so `IN (NULL)` matches nothing).
    private static func placeholders(_ count: Int, from first: Int) -> String {
        count == 0 ? "NULL" : (first..<first + count).map { "$\($0)" }.joined(separator: ", ")
    }

    private static func usage(_ row: PostgresRow) throws -> FamilyCodeUsage {
        FamilyCodeUsage(
            at: try row.date(0), accountId: try row.string(1), code: try row.string(2), familyId: row[3],
            // An unknown result (a newer build's) reads as a refusal rather than failing the whole log.
            result: FamilyCodeAttemptResult(rawValue: try row.string(4)) ?? .notFound)
    }
}
