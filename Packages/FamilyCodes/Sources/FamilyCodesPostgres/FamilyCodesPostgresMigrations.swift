import PostgresStorage

/// The FamilyCodes schema on PostgreSQL, recorded as `familyCodes.<n>-<step>`. Never edit a shipped step: add one.
///
/// SQLite's tables in PostgreSQL's types, opened after `IdentityPostgresMigrations.all` (codes refer to
/// households). The usage log is indexed by code alone from the start, as SQLite's is after
/// `familyCodes.4-usage-log-by-code`, so there is no fourth step here.
public enum FamilyCodesPostgresMigrations {
    /// Every FamilyCodes migration, in order.
    public static let all = PostgresFeatureMigrations(
        feature: "familyCodes",
        steps: [
            // Retired codes stay (the usage log of a family shows attempts with its old codes); the partial unique
            // indexes keep one live code per family and each live code unique.
            .init(
                "codes",
                sql: """
                    CREATE TABLE familycodes_codes (
                        seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                        family_id TEXT NOT NULL REFERENCES identity_households(id) ON DELETE CASCADE,
                        code TEXT NOT NULL,
                        generated_at TIMESTAMPTZ NOT NULL,
                        retired_at TIMESTAMPTZ
                    );
                    CREATE UNIQUE INDEX familycodes_codes_live_code ON familycodes_codes(code)
                        WHERE retired_at IS NULL;
                    CREATE UNIQUE INDEX familycodes_codes_live_family ON familycodes_codes(family_id)
                        WHERE retired_at IS NULL;
                    CREATE INDEX familycodes_codes_family ON familycodes_codes(family_id);
                    """),
            // Per account and per address: every server must agree on them, so they live here, not in memory.
            .init(
                "attempts",
                sql: """
                    CREATE TABLE familycodes_failures (
                        seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                        key TEXT NOT NULL,
                        failed_at TIMESTAMPTZ NOT NULL
                    );
                    CREATE INDEX familycodes_failures_key ON familycodes_failures(key);
                    CREATE TABLE familycodes_locks (
                        key TEXT PRIMARY KEY,
                        locked_until TIMESTAMPTZ NOT NULL
                    );
                    """),
            // A family's log is found through its codes (every row of the family has one of them): one index.
            .init(
                "usage-log",
                sql: """
                    CREATE TABLE familycodes_usage_log (
                        seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                        at TIMESTAMPTZ NOT NULL,
                        account_id TEXT NOT NULL,
                        code TEXT NOT NULL,
                        family_id TEXT,
                        result TEXT NOT NULL
                    );
                    CREATE INDEX familycodes_usage_log_code ON familycodes_usage_log(code);
                    """),
            // A code may expire and admit a number of joins; `uses` counts them, in the join's transaction.
            .init(
                "code-limits",
                sql: """
                    ALTER TABLE familycodes_codes ADD COLUMN expires_at TIMESTAMPTZ;
                    ALTER TABLE familycodes_codes ADD COLUMN max_uses INTEGER;
                    ALTER TABLE familycodes_codes ADD COLUMN uses INTEGER NOT NULL DEFAULT 0;
                    """),
        ])
}
