import PostgresStorage

/// The Circles schema on PostgreSQL, recorded as `circles.<n>-<step>`. Never edit a shipped step: add one.
///
/// SQLite's tables (`CirclesMigrations`) in PostgreSQL's types, opened after `IdentityPostgresMigrations.all`:
/// TEXT ids, TIMESTAMPTZ dates, identity columns for creation order (SQLite's `MAX(seq) + 1` would read a whole
/// table, so every insert would conflict with every other under SERIALIZABLE), an index on every column a cascade
/// follows, and an owner column on shadow audiences, so that every Circles row names the account it belongs to.
/// Step 4 keeps SQLite's change version per owner account rather than in one row (see `PostgresCirclesTransaction`).
public enum CirclesPostgresMigrations {
    /// Every Circles migration, in order.
    public static let all = PostgresFeatureMigrations(
        feature: "circles",
        steps: [
            .init(
                "contacts-and-circles",
                sql: """
                    CREATE TABLE circles_contacts (
                        id TEXT PRIMARY KEY,
                        owner_account_id TEXT NOT NULL,
                        display_name TEXT NOT NULL,
                        linked_account_id TEXT,
                        phone TEXT,
                        email TEXT,
                        created_at TIMESTAMPTZ NOT NULL,
                        seq BIGINT GENERATED ALWAYS AS IDENTITY
                    );
                    CREATE INDEX circles_contacts_owner ON circles_contacts (owner_account_id, seq);
                    CREATE UNIQUE INDEX circles_contacts_link ON circles_contacts (owner_account_id, linked_account_id)
                        WHERE linked_account_id IS NOT NULL;
                    CREATE TABLE circles_circles (
                        id TEXT PRIMARY KEY,
                        owner_account_id TEXT NOT NULL,
                        name TEXT NOT NULL,
                        built_in TEXT,
                        emoji TEXT NOT NULL,
                        color TEXT NOT NULL,
                        position INTEGER NOT NULL,
                        created_at TIMESTAMPTZ NOT NULL
                    );
                    CREATE INDEX circles_circles_owner ON circles_circles (owner_account_id, position);
                    CREATE TABLE circles_memberships (
                        circle_id TEXT NOT NULL REFERENCES circles_circles (id) ON DELETE CASCADE,
                        contact_id TEXT NOT NULL REFERENCES circles_contacts (id) ON DELETE CASCADE,
                        owner_account_id TEXT NOT NULL,
                        PRIMARY KEY (circle_id, contact_id)
                    );
                    CREATE INDEX circles_memberships_contact ON circles_memberships (contact_id, circle_id);
                    CREATE INDEX circles_memberships_owner ON circles_memberships (owner_account_id);
                    CREATE TABLE circles_dismissed_suggestions (
                        owner_account_id TEXT NOT NULL,
                        suggestion_id TEXT NOT NULL,
                        PRIMARY KEY (owner_account_id, suggestion_id)
                    );
                    """),
            .init(
                "profiles-and-matrix",
                sql: """
                    CREATE TABLE circles_profiles (
                        id TEXT PRIMARY KEY,
                        owner_account_id TEXT NOT NULL,
                        type TEXT NOT NULL,
                        display_name TEXT NOT NULL,
                        username TEXT UNIQUE,
                        bio TEXT,
                        phone TEXT,
                        email TEXT,
                        photo TEXT,
                        revealed_at TIMESTAMPTZ,
                        last_used_at TIMESTAMPTZ,
                        created_at TIMESTAMPTZ NOT NULL,
                        seq BIGINT GENERATED ALWAYS AS IDENTITY
                    );
                    CREATE INDEX circles_profiles_owner ON circles_profiles (owner_account_id, seq);
                    CREATE TABLE circles_shadow_circles (
                        profile_id TEXT NOT NULL REFERENCES circles_profiles (id) ON DELETE CASCADE,
                        circle_id TEXT NOT NULL REFERENCES circles_circles (id) ON DELETE CASCADE,
                        owner_account_id TEXT NOT NULL,
                        PRIMARY KEY (profile_id, circle_id)
                    );
                    CREATE INDEX circles_shadow_circles_circle ON circles_shadow_circles (circle_id);
                    CREATE TABLE circles_personas (
                        account_id TEXT PRIMARY KEY,
                        profile_id TEXT REFERENCES circles_profiles (id) ON DELETE SET NULL
                    );
                    CREATE INDEX circles_personas_profile ON circles_personas (profile_id);
                    CREATE TABLE circles_cells (
                        profile_id TEXT NOT NULL REFERENCES circles_profiles (id) ON DELETE CASCADE,
                        field TEXT NOT NULL,
                        circle_id TEXT NOT NULL REFERENCES circles_circles (id) ON DELETE CASCADE,
                        access TEXT NOT NULL,
                        owner_account_id TEXT NOT NULL,
                        PRIMARY KEY (profile_id, field, circle_id)
                    );
                    CREATE INDEX circles_cells_owner ON circles_cells (owner_account_id);
                    CREATE INDEX circles_cells_circle ON circles_cells (circle_id);
                    CREATE TABLE circles_staged_cells (
                        account_id TEXT NOT NULL,
                        profile_id TEXT NOT NULL REFERENCES circles_profiles (id) ON DELETE CASCADE,
                        field TEXT NOT NULL,
                        circle_id TEXT NOT NULL REFERENCES circles_circles (id) ON DELETE CASCADE,
                        access TEXT NOT NULL,
                        PRIMARY KEY (account_id, profile_id, field, circle_id)
                    );
                    CREATE INDEX circles_staged_cells_profile ON circles_staged_cells (profile_id);
                    CREATE INDEX circles_staged_cells_circle ON circles_staged_cells (circle_id);
                    """),
            .init(
                "requests-and-grants",
                sql: """
                    CREATE TABLE circles_requests (
                        id TEXT PRIMARY KEY,
                        owner_account_id TEXT NOT NULL,
                        profile_id TEXT NOT NULL REFERENCES circles_profiles (id) ON DELETE CASCADE,
                        requester_account_id TEXT NOT NULL,
                        requester_profile_id TEXT NOT NULL,
                        requester_display_name TEXT NOT NULL,
                        requester_username TEXT,
                        field TEXT NOT NULL,
                        reason TEXT,
                        created_at TIMESTAMPTZ NOT NULL,
                        expires_at TIMESTAMPTZ NOT NULL,
                        status TEXT NOT NULL,
                        seq BIGINT GENERATED ALWAYS AS IDENTITY
                    );
                    CREATE INDEX circles_requests_owner ON circles_requests (owner_account_id, seq);
                    CREATE INDEX circles_requests_profile ON circles_requests (profile_id);
                    CREATE TABLE circles_grants (
                        id TEXT PRIMARY KEY,
                        owner_account_id TEXT NOT NULL,
                        profile_id TEXT NOT NULL REFERENCES circles_profiles (id) ON DELETE CASCADE,
                        viewer_account_id TEXT NOT NULL,
                        viewer_display_name TEXT NOT NULL,
                        viewer_username TEXT,
                        field TEXT,
                        created_at TIMESTAMPTZ NOT NULL,
                        expires_at TIMESTAMPTZ,
                        seq BIGINT GENERATED ALWAYS AS IDENTITY
                    );
                    CREATE INDEX circles_grants_owner ON circles_grants (owner_account_id, seq);
                    CREATE INDEX circles_grants_profile ON circles_grants (profile_id);
                    """),
            // SQLite's one version row would make every Circles write of every account update the same row, so
            // under SERIALIZABLE they would all run one at a time. Here each owner account has its own row, bumped
            // by a trigger on every row change of every Circles table (cascaded deletes included), in the same
            // transaction, keyed by the row's owner (`account_id` for personas and staged edits).
            .init(
                "change-version",
                sql: """
                    CREATE TABLE circles_versions (
                        owner_account_id TEXT PRIMARY KEY,
                        version BIGINT NOT NULL
                    );
                    CREATE FUNCTION circles_bump_version(owner TEXT) RETURNS void LANGUAGE sql AS $$
                        INSERT INTO circles_versions (owner_account_id, version) VALUES (owner, 1)
                        ON CONFLICT (owner_account_id) DO UPDATE SET version = circles_versions.version + 1
                    $$;
                    CREATE FUNCTION circles_owner_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                        IF TG_OP = 'INSERT' THEN
                            PERFORM circles_bump_version(NEW.owner_account_id);
                        ELSE
                            PERFORM circles_bump_version(OLD.owner_account_id);
                            IF TG_OP = 'UPDATE' THEN
                                IF NEW.owner_account_id IS DISTINCT FROM OLD.owner_account_id THEN
                                    PERFORM circles_bump_version(NEW.owner_account_id);
                                END IF;
                            END IF;
                        END IF;
                        RETURN NULL;
                    END;
                    $$;
                    CREATE FUNCTION circles_account_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                        IF TG_OP = 'INSERT' THEN
                            PERFORM circles_bump_version(NEW.account_id);
                        ELSE
                            PERFORM circles_bump_version(OLD.account_id);
                            IF TG_OP = 'UPDATE' THEN
                                IF NEW.account_id IS DISTINCT FROM OLD.account_id THEN
                                    PERFORM circles_bump_version(NEW.account_id);
                                END IF;
                            END IF;
                        END IF;
                        RETURN NULL;
                    END;
                    $$;
                    \(bumpTriggers(
                        function: "circles_owner_row_changed",
                        tables: [
                            "circles_cells", "circles_circles", "circles_contacts", "circles_dismissed_suggestions",
                            "circles_grants", "circles_memberships", "circles_profiles", "circles_requests",
                            "circles_shadow_circles",
                        ]))
                    \(bumpTriggers(function: "circles_account_row_changed", tables: ["circles_personas", "circles_staged_cells"]))
                    """),
        ])

    /// `<table>_bumps_version` on each of `tables`: after every inserted, updated or deleted row, `function`.
    private static func bumpTriggers(function: String, tables: [String]) -> String {
        tables.map { table in
            """
            CREATE TRIGGER \(table)_bumps_version AFTER INSERT OR UPDATE OR DELETE ON \(table)
                FOR EACH ROW EXECUTE FUNCTION \(function)();
            """
        }.joined(separator: "\n")
    }
}
