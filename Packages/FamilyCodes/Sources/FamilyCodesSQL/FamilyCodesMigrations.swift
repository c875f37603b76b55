import Storage

/// The FamilyCodes schema on both engines, recorded as `familyCodes.<n>-<step>`. Never edit a shipped step's effect:
/// add one.
///
/// Registered after `IdentityMigrations.all` (codes refer to households). SQLite records `1-codes`, `2-attempts`,
/// `3-usage-log`, `4-usage-log-by-code`, `5-code-limits`; PostgreSQL, whose usage log was indexed by code alone from
/// the start, has no `usage-log-by-code` step and records `1-codes`, `2-attempts`, `3-usage-log`, `4-code-limits`.
/// Both end with the same tables, columns and indexes.
public enum FamilyCodesMigrations {
    /// Every FamilyCodes migration, in order.
    public static let all = FeatureMigrations(
        feature: "familyCodes",
        migrations: [
            // Retired codes stay (the usage log of a family shows attempts with its old codes); the partial unique
            // indexes keep one live code per family and each live code unique.
            Migration("codes") { dialect in
                """
                CREATE TABLE familycodes_codes (
                    seq \(dialect.autoIncrementKey),
                    family_id TEXT NOT NULL REFERENCES identity_households(id) ON DELETE CASCADE,
                    code TEXT NOT NULL,
                    generated_at \(dialect.timestamp) NOT NULL,
                    retired_at \(dialect.timestamp)
                );
                CREATE UNIQUE INDEX familycodes_codes_live_code ON familycodes_codes(code)
                    WHERE retired_at IS NULL;
                CREATE UNIQUE INDEX familycodes_codes_live_family ON familycodes_codes(family_id)
                    WHERE retired_at IS NULL;
                CREATE INDEX familycodes_codes_family ON familycodes_codes(family_id);
                """
            },
            // Per account and per address: every process and server must agree on them, so they live here.
            Migration("attempts") { dialect in
                """
                CREATE TABLE familycodes_failures (
                    seq \(dialect.autoIncrementKey),
                    key TEXT NOT NULL,
                    failed_at \(dialect.timestamp) NOT NULL
                );
                CREATE INDEX familycodes_failures_key ON familycodes_failures(key);
                CREATE TABLE familycodes_locks (
                    key TEXT PRIMARY KEY NOT NULL,
                    locked_until \(dialect.timestamp) NOT NULL
                );
                """
            },
            // A family's log is found through its codes (every row of the family has one of them): one index. SQLite
            // files made before `usage-log-by-code` also got indexes on the family and the account, which that step
            // drops; a fresh file gets only what survives it.
            Migration("usage-log") { dialect in
                """
                CREATE TABLE familycodes_usage_log (
                    seq \(dialect.autoIncrementKey),
                    at \(dialect.timestamp) NOT NULL,
                    account_id TEXT NOT NULL,
                    code TEXT NOT NULL,
                    family_id TEXT,
                    result TEXT NOT NULL
                );
                CREATE INDEX familycodes_usage_log_code ON familycodes_usage_log(code);
                """
            },
            // SQLite only: every join writes a log row, and each index is one more page written per join. The code
            // index serves a family's log alone; no screen lists one account's attempts. PostgreSQL never had these.
            Migration("usage-log-by-code") { dialect in
                dialect == .sqlite
                    ? """
                    DROP INDEX IF EXISTS familycodes_usage_log_family;
                    DROP INDEX IF EXISTS familycodes_usage_log_account;
                    """
                    : nil
            },
            // A code may expire and admit a number of joins; `uses` counts them, in the join's transaction.
            Migration("code-limits") { dialect in
                """
                ALTER TABLE familycodes_codes ADD COLUMN expires_at \(dialect.timestamp);
                ALTER TABLE familycodes_codes ADD COLUMN max_uses INTEGER;
                ALTER TABLE familycodes_codes ADD COLUMN uses INTEGER NOT NULL DEFAULT 0;
                """
            },
        ])
}
