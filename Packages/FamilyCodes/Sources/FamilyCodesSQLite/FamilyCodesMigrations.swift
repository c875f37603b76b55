import GRDB
import Storage

/// The FamilyCodes schema, registered with Storage as `familyCodes.<n>-<step>`. Never edit a shipped step: add one.
public enum FamilyCodesMigrations {
    /// Every FamilyCodes migration, in order (after Identity's: codes refer to households).
    public static let all = FeatureMigrations(
        feature: "familyCodes",
        migrations: [
            Migration("codes") { db in
                // Retired codes stay (the usage log of a family shows attempts with its old codes);
                // the partial unique indexes keep one live code per family and each live code unique.
                try db.execute(
                    sql: """
                        CREATE TABLE familycodes_codes (
                            seq INTEGER PRIMARY KEY AUTOINCREMENT,
                            family_id TEXT NOT NULL REFERENCES identity_households(id) ON DELETE CASCADE,
                            code TEXT NOT NULL,
                            generated_at DATETIME NOT NULL,
                            retired_at DATETIME
                        );
                        CREATE UNIQUE INDEX familycodes_codes_live_code ON familycodes_codes(code)
                            WHERE retired_at IS NULL;
                        CREATE UNIQUE INDEX familycodes_codes_live_family ON familycodes_codes(family_id)
                            WHERE retired_at IS NULL;
                        CREATE INDEX familycodes_codes_family ON familycodes_codes(family_id);
                        """)
            },
            Migration("attempts") { db in
                try db.execute(
                    sql: """
                        CREATE TABLE familycodes_failures (
                            seq INTEGER PRIMARY KEY AUTOINCREMENT,
                            key TEXT NOT NULL,
                            failed_at DATETIME NOT NULL
                        );
                        CREATE INDEX familycodes_failures_key ON familycodes_failures(key);
                        CREATE TABLE familycodes_locks (
                            key TEXT PRIMARY KEY NOT NULL,
                            locked_until DATETIME NOT NULL
                        );
                        """)
            },
            Migration("usage-log") { db in
                try db.execute(
                    sql: """
                        CREATE TABLE familycodes_usage_log (
                            seq INTEGER PRIMARY KEY AUTOINCREMENT,
                            at DATETIME NOT NULL,
                            account_id TEXT NOT NULL,
                            code TEXT NOT NULL,
                            family_id TEXT,
                            result TEXT NOT NULL
                        );
                        CREATE INDEX familycodes_usage_log_family ON familycodes_usage_log(family_id);
                        CREATE INDEX familycodes_usage_log_code ON familycodes_usage_log(code);
                        CREATE INDEX familycodes_usage_log_account ON familycodes_usage_log(account_id);
                        """)
            },
            Migration("usage-log-by-code") { db in
                // Every join writes a log row, and each index is one more page written per join. A family's
                // log is found through its codes (every row of the family has one of them), so the code
                // index serves it alone; no screen lists one account's attempts.
                try db.execute(
                    sql: """
                        DROP INDEX familycodes_usage_log_family;
                        DROP INDEX familycodes_usage_log_account;
                        """)
            },
            Migration("code-limits") { db in
                // A code may expire and admit a number of joins; `uses` counts them, in the join's transaction.
                try db.execute(
                    sql: """
                        ALTER TABLE familycodes_codes ADD COLUMN expires_at DATETIME;
                        ALTER TABLE familycodes_codes ADD COLUMN max_uses INTEGER;
                        ALTER TABLE familycodes_codes ADD COLUMN uses INTEGER NOT NULL DEFAULT 0;
                        """)
            },
        ])
}
