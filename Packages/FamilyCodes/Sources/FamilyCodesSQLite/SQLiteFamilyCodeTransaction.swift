import FamilyCodes
import Foundation
import GRDB
import Identity

/// One GRDB transaction seen as a `FamilyCodeStoreTransaction`. Plain SQL, no rules.
public struct SQLiteFamilyCodeTransaction: FamilyCodeStoreTransaction {
    let db: Database

    /// The family-code view of an open GRDB transaction.
    public init(_ db: Database) {
        self.db = db
    }

    // MARK: - Codes

    public func liveCode(familyId: String) throws -> FamilyCode? {
        try Row.fetchOne(
            db.cachedStatement(
                sql:
                    "SELECT \(Self.codeColumns) FROM familycodes_codes WHERE family_id = ? AND retired_at IS NULL"
            ),
            arguments: [familyId]
        ).map(Self.code)
    }

    public func liveCode(code: String) throws -> FamilyCode? {
        try Row.fetchOne(
            db.cachedStatement(
                sql: "SELECT \(Self.codeColumns) FROM familycodes_codes WHERE code = ? AND retired_at IS NULL"
            ),
            arguments: [code]
        ).map(Self.code)
    }

    public func codeHistory(familyId: String) throws -> [FamilyCode] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT \(Self.codeColumns) FROM familycodes_codes WHERE family_id = ? ORDER BY seq"),
            arguments: [familyId]
        ).map(Self.code)
    }

    public func replaceLiveCode(_ code: FamilyCode) throws {
        try db.cachedStatement(
            sql: "UPDATE familycodes_codes SET retired_at = ? WHERE family_id = ? AND retired_at IS NULL"
        ).execute(arguments: [code.generatedAt, code.familyId])
        try db.cachedStatement(
            sql: """
                INSERT INTO familycodes_codes (family_id, code, generated_at, expires_at, max_uses, uses)
                VALUES (?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [code.familyId, code.code, code.generatedAt, code.expiresAt, code.maxUses, code.uses])
    }

    public func countUse(ofLiveCode code: String) throws {
        try db.cachedStatement(
            sql: "UPDATE familycodes_codes SET uses = uses + 1 WHERE code = ? AND retired_at IS NULL"
        )
        .execute(arguments: [code])
    }

    private static let codeColumns = "family_id, code, generated_at, expires_at, max_uses, uses"

    private static func code(_ row: Row) -> FamilyCode {
        FamilyCode(
            familyId: row[0], code: row[1], generatedAt: row[2], expiresAt: row[3], maxUses: row[4], uses: row[5])
    }

    // MARK: - Rate limits

    public func rateLimitLock(key: String) throws -> Date? {
        try Date.fetchOne(
            db.cachedStatement(sql: "SELECT locked_until FROM familycodes_locks WHERE key = ?"), arguments: [key])
    }

    public func rateLimitState(key: String) throws -> RateLimitState {
        let failures = try Date.fetchAll(
            db.cachedStatement(sql: "SELECT failed_at FROM familycodes_failures WHERE key = ? ORDER BY seq"),
            arguments: [key])
        let lockedUntil = try Date.fetchOne(
            db.cachedStatement(sql: "SELECT locked_until FROM familycodes_locks WHERE key = ?"), arguments: [key])
        return RateLimitState(failures: failures, lockedUntil: lockedUntil)
    }

    public func setRateLimitState(_ state: RateLimitState, key: String) throws {
        try db.cachedStatement(sql: "DELETE FROM familycodes_failures WHERE key = ?").execute(arguments: [key])
        for failure in state.failures {
            try db.cachedStatement(sql: "INSERT INTO familycodes_failures (key, failed_at) VALUES (?, ?)").execute(
                arguments: [key, failure])
        }
        if let lockedUntil = state.lockedUntil {
            try db.cachedStatement(
                sql: """
                    INSERT INTO familycodes_locks (key, locked_until) VALUES (?, ?)
                    ON CONFLICT(key) DO UPDATE SET locked_until = excluded.locked_until
                    """
            ).execute(arguments: [key, lockedUntil])
        } else {
            try db.cachedStatement(sql: "DELETE FROM familycodes_locks WHERE key = ?").execute(arguments: [key])
        }
    }

    // MARK: - Usage log

    public func insertUsage(_ usage: FamilyCodeUsage) throws {
        try db.cachedStatement(
            sql: "INSERT INTO familycodes_usage_log (at, account_id, code, family_id, result) VALUES (?, ?, ?, ?, ?)"
        ).execute(arguments: [usage.at, usage.accountId, usage.code, usage.familyId, usage.result.rawValue])
    }

    public func usage(familyIds: Set<String>, codes: Set<String>) throws -> [FamilyCodeUsage] {
        guard !codes.isEmpty else { return [] }
        let familyList = Array(familyIds)
        let codeList = Array(codes)
        return try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT at, account_id, code, family_id, result FROM familycodes_usage_log
                    WHERE code IN (\(Self.marks(codeList.count)))
                        AND (family_id IS NULL OR family_id IN (\(Self.marks(familyList.count))))
                    ORDER BY at DESC, seq DESC
                    """),
            arguments: StatementArguments(codeList + familyList)
        ).map(Self.usage)
    }

    /// Reads the whole log (no index on the account): for checks, not for a screen.
    public func usage(accountId: String) throws -> [FamilyCodeUsage] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT at, account_id, code, family_id, result FROM familycodes_usage_log
                    WHERE account_id = ? ORDER BY at DESC, seq DESC
                    """),
            arguments: [accountId]
        ).map(Self.usage)
    }

    /// `?, ?, ?` for `count` values; `NULL` for none (so `IN (NULL)` matches nothing).
    private static func marks(_ count: Int) -> String {
        count == 0 ? "NULL" : Array(repeating: "?", count: count).joined(separator: ", ")
    }

    private static func usage(_ row: Row) -> FamilyCodeUsage {
        let raw: String = row["result"]
        return FamilyCodeUsage(
            at: row["at"], accountId: row["account_id"], code: row["code"], familyId: row["family_id"],
            // An unknown result (a newer build's) reads as a refusal rather than failing the whole log.
            result: FamilyCodeAttemptResult(rawValue: raw) ?? .notFound)
    }
}
