import PostgresStorage

/// The Identity schema on PostgreSQL, recorded as `identity.<n>-<step>`. Never edit a shipped step: add one.
///
/// The tables and columns are SQLite's (`IdentityMigrations`), in PostgreSQL's types: TEXT ids, TIMESTAMPTZ
/// dates, BOOLEAN flags, identity columns where insertion order is read back. SQLite's later rebuild of the
/// account state (`identity.7-account-state-without-rowid`) is a storage layout of SQLite's own: here the table
/// is keyed by its primary key from the start, so there is no such step and later steps are numbered one lower
/// than SQLite's (`identity.7-linked-identities` here is SQLite's `identity.8-linked-identities`).
public enum IdentityPostgresMigrations {
    /// Every Identity migration, in order.
    public static let all = PostgresFeatureMigrations(
        feature: "identity",
        steps: [
            .init(
                "accounts",
                sql: """
                    CREATE TABLE identity_accounts (
                        id TEXT PRIMARY KEY,
                        email TEXT NOT NULL,
                        email_key TEXT NOT NULL UNIQUE,
                        first_name TEXT NOT NULL,
                        last_name TEXT NOT NULL,
                        role TEXT NOT NULL,
                        account_type TEXT NOT NULL,
                        auth_method TEXT NOT NULL,
                        password_hash TEXT NOT NULL,
                        created_at TIMESTAMPTZ NOT NULL
                    )
                    """),
            .init(
                "sessions",
                sql: """
                    CREATE TABLE identity_sessions (
                        id TEXT PRIMARY KEY,
                        account_id TEXT NOT NULL REFERENCES identity_accounts(id) ON DELETE CASCADE,
                        token_hash TEXT NOT NULL UNIQUE,
                        created_at TIMESTAMPTZ NOT NULL,
                        expires_at TIMESTAMPTZ NOT NULL,
                        ended BOOLEAN NOT NULL DEFAULT false
                    );
                    CREATE INDEX identity_sessions_account ON identity_sessions(account_id);
                    """),
            .init(
                "saved-accounts",
                sql: """
                    CREATE TABLE identity_saved_accounts (
                        account_id TEXT PRIMARY KEY REFERENCES identity_accounts(id) ON DELETE CASCADE,
                        email TEXT NOT NULL,
                        display_name TEXT NOT NULL,
                        photo_url TEXT,
                        account_type TEXT NOT NULL,
                        auth_method TEXT NOT NULL,
                        last_used TIMESTAMPTZ NOT NULL,
                        session_id TEXT REFERENCES identity_sessions(id) ON DELETE SET NULL
                    );
                    CREATE TABLE identity_device (
                        key TEXT PRIMARY KEY,
                        value TEXT
                    );
                    """),
            .init(
                "account-state",
                sql: """
                    CREATE TABLE identity_account_state (
                        account_id TEXT PRIMARY KEY REFERENCES identity_accounts(id) ON DELETE CASCADE,
                        active_household_id TEXT
                    )
                    """),
            .init(
                "households",
                sql: """
                    CREATE TABLE identity_households (
                        id TEXT PRIMARY KEY,
                        name TEXT NOT NULL,
                        owner_account_id TEXT NOT NULL REFERENCES identity_accounts(id),
                        created_at TIMESTAMPTZ NOT NULL
                    );
                    CREATE TABLE identity_members (
                        seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                        household_id TEXT NOT NULL REFERENCES identity_households(id) ON DELETE CASCADE,
                        member_id TEXT NOT NULL,
                        display_name TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        role TEXT NOT NULL,
                        avatar_key TEXT NOT NULL DEFAULT '',
                        added_at TIMESTAMPTZ NOT NULL,
                        UNIQUE (household_id, member_id)
                    );
                    CREATE INDEX identity_members_member ON identity_members(member_id);
                    CREATE TABLE identity_guardians (
                        household_id TEXT NOT NULL,
                        member_id TEXT NOT NULL,
                        account_id TEXT NOT NULL REFERENCES identity_accounts(id),
                        position INTEGER NOT NULL,
                        PRIMARY KEY (household_id, member_id, account_id),
                        FOREIGN KEY (household_id, member_id)
                            REFERENCES identity_members(household_id, member_id) ON DELETE CASCADE
                    );
                    """),
            .init(
                "acting-records",
                sql: """
                    CREATE TABLE identity_acting_records (
                        seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                        id TEXT NOT NULL UNIQUE,
                        actor_account_id TEXT NOT NULL,
                        subject_member_id TEXT NOT NULL,
                        subject_display_name TEXT NOT NULL,
                        action TEXT NOT NULL,
                        at TIMESTAMPTZ NOT NULL
                    );
                    CREATE INDEX identity_acting_records_actor ON identity_acting_records(actor_account_id);
                    """),
            .init(
                "linked-identities",
                sql: """
                    CREATE TABLE identity_linked_identities (
                        provider TEXT NOT NULL,
                        subject TEXT NOT NULL,
                        account_id TEXT NOT NULL REFERENCES identity_accounts(id) ON DELETE CASCADE,
                        email TEXT NOT NULL,
                        linked_at TIMESTAMPTZ NOT NULL,
                        PRIMARY KEY (provider, subject),
                        UNIQUE (account_id, provider)
                    )
                    """),
            // SQLite's identity.9-exit-lock, without the device's lock: a server is no device.
            .init(
                "exit-lock",
                sql: """
                    CREATE TABLE identity_exit_pins (
                        member_id TEXT PRIMARY KEY,
                        pin_hash TEXT NOT NULL,
                        failures TEXT NOT NULL DEFAULT '',
                        blocked_until TIMESTAMPTZ
                    )
                    """),
            .init(
                "claim-codes",
                sql: """
                    CREATE TABLE identity_claim_codes (
                        code_hash TEXT PRIMARY KEY,
                        member_id TEXT NOT NULL,
                        household_id TEXT NOT NULL,
                        created_by TEXT NOT NULL,
                        created_at TIMESTAMPTZ NOT NULL,
                        expires_at TIMESTAMPTZ NOT NULL,
                        used_at TIMESTAMPTZ
                    );
                    CREATE INDEX identity_claim_codes_member ON identity_claim_codes(member_id);
                    """),
            // A server keeps no device: step 3's saved accounts and current account were never a server's to keep.
            .init(
                "drop-device-state",
                sql: """
                    DROP TABLE identity_device;
                    DROP TABLE identity_saved_accounts;
                    """),
        ])
}
