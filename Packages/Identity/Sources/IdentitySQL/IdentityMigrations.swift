import Storage

/// The Identity schema, recorded as `identity.<n>-<step>`. Never edit a shipped step: add one.
///
/// One list for both engines, in each engine's types (`dialect.timestamp`...). Two histories differ, and each
/// engine keeps the identifiers it has always recorded: SQLite's rebuild of the account state
/// (`account-state-without-rowid`) is a storage layout of SQLite's own (PostgreSQL's table was keyed by its primary
/// key from the start), and a server keeps no device (`drop-device-state`, PostgreSQL only; the device's exit lock is
/// created on SQLite only). So `identity.7-linked-identities` on PostgreSQL is SQLite's `identity.8-linked-identities`.
public enum IdentityMigrations {
    /// Every Identity migration, in order.
    public static let all = FeatureMigrations(
        feature: "identity",
        migrations: [
            Migration("accounts") { dialect in
                """
                CREATE TABLE identity_accounts (
                    id TEXT PRIMARY KEY NOT NULL,
                    email TEXT NOT NULL,
                    email_key TEXT NOT NULL UNIQUE,
                    first_name TEXT NOT NULL,
                    last_name TEXT NOT NULL,
                    role TEXT NOT NULL,
                    account_type TEXT NOT NULL,
                    auth_method TEXT NOT NULL,
                    password_hash TEXT NOT NULL,
                    created_at \(dialect.timestamp) NOT NULL
                )
                """
            },
            Migration("sessions") { dialect in
                """
                CREATE TABLE identity_sessions (
                    id TEXT PRIMARY KEY NOT NULL,
                    account_id TEXT NOT NULL REFERENCES identity_accounts(id) ON DELETE CASCADE,
                    token_hash TEXT NOT NULL UNIQUE,
                    created_at \(dialect.timestamp) NOT NULL,
                    expires_at \(dialect.timestamp) NOT NULL,
                    ended \(dialect == .sqlite ? "INTEGER NOT NULL DEFAULT 0" : "BOOLEAN NOT NULL DEFAULT false")
                );
                CREATE INDEX identity_sessions_account ON identity_sessions(account_id);
                """
            },
            Migration("saved-accounts") { dialect in
                """
                CREATE TABLE identity_saved_accounts (
                    account_id TEXT PRIMARY KEY NOT NULL REFERENCES identity_accounts(id) ON DELETE CASCADE,
                    email TEXT NOT NULL,
                    display_name TEXT NOT NULL,
                    photo_url TEXT,
                    account_type TEXT NOT NULL,
                    auth_method TEXT NOT NULL,
                    last_used \(dialect.timestamp) NOT NULL,
                    session_id TEXT REFERENCES identity_sessions(id) ON DELETE SET NULL
                );
                CREATE TABLE identity_device (
                    key TEXT PRIMARY KEY NOT NULL,
                    value TEXT
                );
                """
            },
            Migration(
                "account-state",
                """
                CREATE TABLE identity_account_state (
                    account_id TEXT PRIMARY KEY NOT NULL REFERENCES identity_accounts(id) ON DELETE CASCADE,
                    active_household_id TEXT
                )
                """),
            Migration("households") { dialect in
                """
                CREATE TABLE identity_households (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    owner_account_id TEXT NOT NULL REFERENCES identity_accounts(id),
                    created_at \(dialect.timestamp) NOT NULL
                );
                CREATE TABLE identity_members (
                    seq \(dialect.autoIncrementKey),
                    household_id TEXT NOT NULL REFERENCES identity_households(id) ON DELETE CASCADE,
                    member_id TEXT NOT NULL,
                    display_name TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    role TEXT NOT NULL,
                    avatar_key TEXT NOT NULL DEFAULT '',
                    added_at \(dialect.timestamp) NOT NULL,
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
                """
            },
            Migration("acting-records") { dialect in
                """
                CREATE TABLE identity_acting_records (
                    seq \(dialect.autoIncrementKey),
                    id TEXT NOT NULL UNIQUE,
                    actor_account_id TEXT NOT NULL,
                    subject_member_id TEXT NOT NULL,
                    subject_display_name TEXT NOT NULL,
                    action TEXT NOT NULL,
                    at \(dialect.timestamp) NOT NULL
                );
                CREATE INDEX identity_acting_records_actor ON identity_acting_records(actor_account_id);
                """
            },
            Migration("account-state-without-rowid") { dialect in
                // Keyed by its TEXT primary key alone: one b-tree instead of a rowid table plus a unique index, so
                // setting the active household (every family join does) writes one page, not two.
                guard dialect == .sqlite else { return nil }
                return """
                    CREATE TABLE identity_account_state_new (
                        account_id TEXT PRIMARY KEY NOT NULL REFERENCES identity_accounts(id) ON DELETE CASCADE,
                        active_household_id TEXT
                    ) WITHOUT ROWID;
                    INSERT INTO identity_account_state_new (account_id, active_household_id)
                        SELECT account_id, active_household_id FROM identity_account_state;
                    DROP TABLE identity_account_state;
                    ALTER TABLE identity_account_state_new RENAME TO identity_account_state;
                    """
            },
            Migration("linked-identities") { dialect in
                // One identity per provider per account; (provider, subject) belongs to one account at most.
                """
                CREATE TABLE identity_linked_identities (
                    provider TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    account_id TEXT NOT NULL REFERENCES identity_accounts(id) ON DELETE CASCADE,
                    email TEXT NOT NULL,
                    linked_at \(dialect.timestamp) NOT NULL,
                    PRIMARY KEY (provider, subject),
                    UNIQUE (account_id, provider)
                )\(dialect.withoutRowID)
                """
            },
            Migration("exit-lock") { dialect in
                // Exit PINs are server state (shared by every process on the database); the device's lock is a
                // device's own file's: one row at most, the guardian account and the member it is held acting as.
                """
                CREATE TABLE identity_exit_pins (
                    member_id TEXT PRIMARY KEY NOT NULL,
                    pin_hash TEXT NOT NULL,
                    failures TEXT NOT NULL DEFAULT '',
                    blocked_until \(dialect.timestamp)
                )\(dialect.withoutRowID);
                """
                    + (dialect == .postgres
                        ? ""
                        : """
                        CREATE TABLE identity_device_exit_lock (
                            slot INTEGER PRIMARY KEY NOT NULL CHECK (slot = 1),
                            account_id TEXT NOT NULL,
                            member_id TEXT NOT NULL,
                            display_name TEXT NOT NULL
                        );
                        """)
            },
            Migration("claim-codes") { dialect in
                // Only the code's SHA-256 is kept, as for session tokens.
                """
                CREATE TABLE identity_claim_codes (
                    code_hash TEXT PRIMARY KEY NOT NULL,
                    member_id TEXT NOT NULL,
                    household_id TEXT NOT NULL,
                    created_by TEXT NOT NULL,
                    created_at \(dialect.timestamp) NOT NULL,
                    expires_at \(dialect.timestamp) NOT NULL,
                    used_at \(dialect.timestamp)
                )\(dialect.withoutRowID);
                CREATE INDEX identity_claim_codes_member ON identity_claim_codes(member_id);
                """
            },
            Migration("drop-device-state") { dialect in
                // A server keeps no device: step 3's saved accounts and current account were never a server's.
                dialect == .postgres ? "DROP TABLE identity_device; DROP TABLE identity_saved_accounts;" : nil
            },
            Migration("account-lifecycle") { dialect in
                // Verified emails (accounts made by Google or Apple, which have no password, were verified by their
                // provider); one live mailed code per account and purpose, kept only as a digest; rate-limit state
                // per key (an account, an email, a client address); and the outbox, written in the transaction of
                // the change that causes a message and emptied of its text once sent.
                """
                ALTER TABLE identity_accounts ADD COLUMN email_verified \(dialect.boolean) NOT NULL DEFAULT \(dialect.false);
                UPDATE identity_accounts SET email_verified = true WHERE password_hash = '';
                CREATE TABLE identity_email_codes (
                    account_id TEXT NOT NULL REFERENCES identity_accounts(id) ON DELETE CASCADE,
                    purpose TEXT NOT NULL,
                    code_hash TEXT NOT NULL,
                    email TEXT NOT NULL,
                    created_at \(dialect.timestamp) NOT NULL,
                    expires_at \(dialect.timestamp) NOT NULL,
                    wrong_tries INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (account_id, purpose)
                )\(dialect.withoutRowID);
                CREATE TABLE identity_rate_limits (
                    key TEXT PRIMARY KEY NOT NULL,
                    failures TEXT NOT NULL DEFAULT '',
                    locked_until \(dialect.timestamp)
                )\(dialect.withoutRowID);
                CREATE TABLE identity_outbox (
                    id TEXT PRIMARY KEY NOT NULL,
                    sender TEXT NOT NULL,
                    recipient TEXT NOT NULL,
                    text TEXT NOT NULL,
                    status TEXT NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    created_at \(dialect.timestamp) NOT NULL,
                    next_attempt_at \(dialect.timestamp) NOT NULL,
                    last_reply TEXT
                );
                CREATE INDEX identity_outbox_due ON identity_outbox(status, next_attempt_at);
                """
            },
            Migration("session-activity") { dialect in
                // Where a session was made (the client's label; unknown for the sessions made before) and when it was
                // last used, written at most once per 5 minutes; the sessions made before start as last used when
                // they were made.
                """
                ALTER TABLE identity_sessions ADD COLUMN created_where TEXT;
                ALTER TABLE identity_sessions ADD COLUMN last_used_at \(dialect.timestamp);
                UPDATE identity_sessions SET last_used_at = created_at;
                """
            },
            Migration("two-step") { dialect in
                // An account's TOTP secret (sealed when the server has a sealing key), its recovery codes' Argon2id
                // hashes, and the second steps a right password leads to (only their tokens' SHA-256).
                """
                CREATE TABLE identity_two_step (
                    account_id TEXT PRIMARY KEY NOT NULL REFERENCES identity_accounts(id) ON DELETE CASCADE,
                    secret TEXT NOT NULL,
                    created_at \(dialect.timestamp) NOT NULL,
                    enabled_at \(dialect.timestamp),
                    last_used_step BIGINT
                )\(dialect.withoutRowID);
                CREATE TABLE identity_recovery_codes (
                    id TEXT PRIMARY KEY NOT NULL,
                    account_id TEXT NOT NULL REFERENCES identity_accounts(id) ON DELETE CASCADE,
                    code_hash TEXT NOT NULL,
                    created_at \(dialect.timestamp) NOT NULL,
                    used_at \(dialect.timestamp)
                );
                CREATE INDEX identity_recovery_codes_account ON identity_recovery_codes(account_id);
                CREATE TABLE identity_sign_in_challenges (
                    token_hash TEXT PRIMARY KEY NOT NULL,
                    account_id TEXT NOT NULL REFERENCES identity_accounts(id) ON DELETE CASCADE,
                    client_address TEXT,
                    attempted_at \(dialect.timestamp) NOT NULL,
                    expires_at \(dialect.timestamp) NOT NULL,
                    used_at \(dialect.timestamp)
                );
                CREATE INDEX identity_sign_in_challenges_account ON identity_sign_in_challenges(account_id);
                """
            },
            Migration("passkeys") { dialect in
                // Passkeys (credential id and user handle base64url, the COSE key as the authenticator wrote it), each
                // account's random user handle, and the ceremonies' challenges (only the SHA-256 of their text).
                """
                CREATE TABLE identity_passkeys (
                    credential_id TEXT PRIMARY KEY NOT NULL,
                    account_id TEXT NOT NULL REFERENCES identity_accounts(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    public_key TEXT NOT NULL,
                    algorithm INTEGER NOT NULL,
                    sign_count BIGINT NOT NULL,
                    aaguid TEXT,
                    created_at \(dialect.timestamp) NOT NULL,
                    last_used_at \(dialect.timestamp)
                )\(dialect.withoutRowID);
                CREATE INDEX identity_passkeys_account ON identity_passkeys(account_id);
                CREATE TABLE identity_passkey_users (
                    account_id TEXT PRIMARY KEY NOT NULL REFERENCES identity_accounts(id) ON DELETE CASCADE,
                    user_handle TEXT NOT NULL UNIQUE
                )\(dialect.withoutRowID);
                CREATE TABLE identity_passkey_challenges (
                    challenge_hash TEXT PRIMARY KEY NOT NULL,
                    purpose TEXT NOT NULL,
                    account_id TEXT REFERENCES identity_accounts(id) ON DELETE CASCADE,
                    created_at \(dialect.timestamp) NOT NULL,
                    expires_at \(dialect.timestamp) NOT NULL
                )\(dialect.withoutRowID);
                CREATE INDEX identity_passkey_challenges_account ON identity_passkey_challenges(account_id);
                """
            },
            // Each new challenge removes the expired ones first: by their expiry, not a scan of every row (the
            // passkey sign-in options route is public, so anyone can add rows).
            Migration(
                "challenge-expiry",
                """
                CREATE INDEX identity_passkey_challenges_expiry ON identity_passkey_challenges(expires_at);
                CREATE INDEX identity_sign_in_challenges_expiry ON identity_sign_in_challenges(expires_at);
                """),
            // How each session was signed in (`SessionSignIn`), for the `amr` of the tokens made from it; sessions
            // made before this step have none.
            Migration("session-sign-in", "ALTER TABLE identity_sessions ADD COLUMN signed_in_with TEXT;"),
            // Each account's and each managed member's content ceiling and declared age range (whole years, and who
            // declared it). Accounts are `18+` and new members `all-ages` until someone says otherwise.
            Migration(
                "maturity-and-age",
                """
                ALTER TABLE identity_accounts ADD COLUMN maturity TEXT NOT NULL DEFAULT '18+';
                ALTER TABLE identity_accounts ADD COLUMN age_lower INTEGER;
                ALTER TABLE identity_accounts ADD COLUMN age_upper INTEGER;
                ALTER TABLE identity_accounts ADD COLUMN age_method TEXT;
                ALTER TABLE identity_members ADD COLUMN maturity TEXT NOT NULL DEFAULT 'all-ages';
                ALTER TABLE identity_members ADD COLUMN age_lower INTEGER;
                ALTER TABLE identity_members ADD COLUMN age_upper INTEGER;
                ALTER TABLE identity_members ADD COLUMN age_method TEXT;
                """),
            Migration("approval-requests") { dialect in
                // A managed member's requests and their answers; removed with the member (and so with its household,
                // its graduation, its last guardian's deletion). Listed and counted by member, newest asked first.
                """
                CREATE TABLE identity_approval_requests (
                    seq \(dialect.autoIncrementKey),
                    id TEXT NOT NULL UNIQUE,
                    household_id TEXT NOT NULL,
                    member_id TEXT NOT NULL,
                    member_name TEXT NOT NULL,
                    asked_by TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    title TEXT NOT NULL,
                    price TEXT,
                    currency TEXT,
                    rating TEXT,
                    note TEXT,
                    created_at \(dialect.timestamp) NOT NULL,
                    asked_at \(dialect.timestamp) NOT NULL,
                    expires_at \(dialect.timestamp) NOT NULL,
                    decision TEXT,
                    decided_by TEXT,
                    decided_by_name TEXT,
                    decided_at \(dialect.timestamp),
                    decision_note TEXT,
                    in_person \(dialect.boolean) NOT NULL DEFAULT \(dialect.false),
                    FOREIGN KEY (household_id, member_id)
                        REFERENCES identity_members(household_id, member_id) ON DELETE CASCADE
                );
                CREATE INDEX identity_approval_requests_member ON identity_approval_requests(member_id, asked_at);
                """
            },
            Migration("events") { dialect in
                // The event log every feature writes in its own transaction (see `EventCursor`). On PostgreSQL each
                // row keeps the id of the transaction that wrote it, which orders the feed and tells a reader which
                // rows are final (older than every transaction still in flight); SQLite's one writer commits in
                // sequence order, so 0 does. The subject's ids are plain columns, not foreign keys: an event outlives
                // the account it is about (`account.deleted` is what an app most needs). The event's id is a random
                // UUID nothing looks up (apps dedupe on it), so it has no index: one at random places in a B-tree
                // would be most of what an event costs a write. Nor has its time: pruning walks the order index from
                // the oldest event, which is what it removes anyway.
                let writer = dialect == .postgres ? "(pg_current_xact_id()::text::bigint)" : "0"
                return """
                    CREATE TABLE identity_events (
                        sequence \(dialect.autoIncrementKey),
                        transaction_id BIGINT NOT NULL DEFAULT \(writer),
                        id TEXT NOT NULL,
                        type TEXT NOT NULL,
                        occurred_at \(dialect.timestamp) NOT NULL,
                        account_id TEXT,
                        member_id TEXT,
                        household_id TEXT,
                        data TEXT NOT NULL
                    );
                    CREATE INDEX identity_events_order ON identity_events(transaction_id, sequence);
                    CREATE TABLE identity_events_pruned (
                        singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                        transaction_id BIGINT NOT NULL,
                        sequence BIGINT NOT NULL
                    );
                    """
            },
            Migration("approval-expiry") { dialect in
                // When a request's expiry was recorded and its `approval.expired` written (once); the unanswered
                // requests not yet recorded are found by their expiry.
                """
                ALTER TABLE identity_approval_requests ADD COLUMN expired_at \(dialect.timestamp);
                CREATE INDEX identity_approval_requests_due ON identity_approval_requests(expires_at);
                """
            },
            Migration("events-one-key") { dialect in
                // The event log keyed by its cursor alone, so an event is one b-tree entry, not three: the row was
                // most of a change's cost when it also went into a sequence index (PostgreSQL's primary key, SQLite's
                // rowid table), the cursor order index and SQLite's `sqlite_sequence`. PostgreSQL's identity column
                // still numbers the rows. SQLite's table becomes one b-tree in cursor order (WITHOUT ROWID), and each
                // event takes the number after the highest ever given: the newest row's, or the newest pruned one's
                // (`identity_events_pruned`) when pruning removed everything, so a number is never given twice
                // (what AUTOINCREMENT was there for). Rows keep their numbers.
                if dialect == .postgres {
                    return """
                        ALTER TABLE identity_events
                            DROP CONSTRAINT identity_events_pkey, ADD PRIMARY KEY (transaction_id, sequence);
                        DROP INDEX identity_events_order;
                        """
                }
                return """
                    CREATE TABLE identity_events_keyed (
                        transaction_id BIGINT NOT NULL DEFAULT 0,
                        sequence INTEGER NOT NULL,
                        id TEXT NOT NULL,
                        type TEXT NOT NULL,
                        occurred_at \(dialect.timestamp) NOT NULL,
                        account_id TEXT,
                        member_id TEXT,
                        household_id TEXT,
                        data TEXT NOT NULL,
                        PRIMARY KEY (transaction_id, sequence)
                    ) WITHOUT ROWID;
                    INSERT INTO identity_events_keyed
                        (transaction_id, sequence, id, type, occurred_at, account_id, member_id, household_id, data)
                    SELECT transaction_id, sequence, id, type, occurred_at, account_id, member_id, household_id, data
                    FROM identity_events;
                    DROP TABLE identity_events;
                    ALTER TABLE identity_events_keyed RENAME TO identity_events;
                    """
            },
            Migration("events-rowid") { dialect in
                // SQLite's event log as a rowid table numbered by `sequence` (its rowid): still one b-tree entry per
                // event, and an event now lands where SQLite appends fastest. Keyed by the cursor in a WITHOUT ROWID
                // table, the log was an index b-tree, whose pages SQLite rebalances with their siblings when the last
                // one fills (an append to a rowid table starts a fresh page instead), and whose parent pages hold
                // whole rows rather than numbers: 1.58 pages written to the WAL per event against 1.08. On SQLite every
                // row's `transaction_id` is 0 (one writer commits in sequence order), so the sequence alone is the
                // cursor's order (see `SQLIdentityTransaction.events(after:limit:)`). PostgreSQL keeps its key.
                guard dialect == .sqlite else { return nil }
                return """
                    CREATE TABLE identity_events_numbered (
                        sequence INTEGER PRIMARY KEY,
                        transaction_id BIGINT NOT NULL DEFAULT 0,
                        id TEXT NOT NULL,
                        type TEXT NOT NULL,
                        occurred_at \(dialect.timestamp) NOT NULL,
                        account_id TEXT,
                        member_id TEXT,
                        household_id TEXT,
                        data TEXT NOT NULL
                    );
                    INSERT INTO identity_events_numbered
                        (sequence, transaction_id, id, type, occurred_at, account_id, member_id, household_id, data)
                    SELECT sequence, transaction_id, id, type, occurred_at, account_id, member_id, household_id, data
                    FROM identity_events ORDER BY sequence;
                    DROP TABLE identity_events;
                    ALTER TABLE identity_events_numbered RENAME TO identity_events;
                    """
            },
        ])
}
