import Storage

/// The Circles schema, one list for both engines, recorded as `circles.<n>-<step>` (numbered per engine: a step
/// that exists on one engine only is not counted on the other). Never change a shipped step's effect: add one.
///
/// Steps 1 to 3 write each table once for both engines: TEXT ids, dates in `dialect.timestamp`, `seq` for creation
/// order (`SQLCirclesTransaction.insert(into:)`). Each owner account has its version row, bumped by triggers on every
/// row change of every Circles table (cascaded deletes included) in the same transaction: SQLite's triggers in steps
/// 4 and 5, PostgreSQL's functions in step 4.
///
/// What SQLite's files got later, PostgreSQL had from the start, and steps 2 and 3 still give it there alone (so that
/// every step does to a file what it did when it shipped): the owner column on shadow audiences (SQLite's step 7)
/// and the cascade indexes (step 8). Step 6 gives SQLite PostgreSQL's name for the version table.
///
/// Step 9 (PostgreSQL's 5) indexes the columns by which an account's deletion and export find it in other owners' rows.
///
/// SQLite: `circles.1-contacts-and-circles` ... `circles.8-cascade-indexes`, `circles.9-leaving-indexes`; PostgreSQL:
/// `circles.1` to `circles.4-change-version`, `circles.5-leaving-indexes`.
public enum CirclesMigrations {
    /// Every Circles migration, in order.
    public static let all = FeatureMigrations(
        feature: "circles",
        migrations: [
            Migration("contacts-and-circles") { dialect in
                """
                CREATE TABLE circles_contacts (
                    id TEXT PRIMARY KEY NOT NULL,
                    owner_account_id TEXT NOT NULL,
                    display_name TEXT NOT NULL,
                    linked_account_id TEXT,
                    phone TEXT,
                    email TEXT,
                    created_at \(dialect.timestamp) NOT NULL,
                    seq \(dialect.creationOrder)
                );
                CREATE INDEX circles_contacts_owner ON circles_contacts (owner_account_id, seq);
                CREATE UNIQUE INDEX circles_contacts_link ON circles_contacts (owner_account_id, linked_account_id)
                    WHERE linked_account_id IS NOT NULL;
                CREATE TABLE circles_circles (
                    id TEXT PRIMARY KEY NOT NULL,
                    owner_account_id TEXT NOT NULL,
                    name TEXT NOT NULL,
                    built_in TEXT,
                    emoji TEXT NOT NULL,
                    color TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    created_at \(dialect.timestamp) NOT NULL
                );
                CREATE INDEX circles_circles_owner ON circles_circles (owner_account_id, position);
                CREATE TABLE circles_memberships (
                    circle_id TEXT NOT NULL REFERENCES circles_circles (id) ON DELETE CASCADE,
                    contact_id TEXT NOT NULL REFERENCES circles_contacts (id) ON DELETE CASCADE,
                    owner_account_id TEXT NOT NULL,
                    PRIMARY KEY (circle_id, contact_id)
                )\(dialect.withoutRowID);
                CREATE INDEX circles_memberships_contact ON circles_memberships (contact_id, circle_id);
                CREATE INDEX circles_memberships_owner ON circles_memberships (owner_account_id);
                CREATE TABLE circles_dismissed_suggestions (
                    owner_account_id TEXT NOT NULL,
                    suggestion_id TEXT NOT NULL,
                    PRIMARY KEY (owner_account_id, suggestion_id)
                )\(dialect.withoutRowID);
                """
            },
            Migration("profiles-and-matrix") { dialect in
                """
                CREATE TABLE circles_profiles (
                    id TEXT PRIMARY KEY NOT NULL,
                    owner_account_id TEXT NOT NULL,
                    type TEXT NOT NULL,
                    display_name TEXT NOT NULL,
                    username TEXT UNIQUE,
                    bio TEXT,
                    phone TEXT,
                    email TEXT,
                    photo TEXT,
                    revealed_at \(dialect.timestamp),
                    last_used_at \(dialect.timestamp),
                    created_at \(dialect.timestamp) NOT NULL,
                    seq \(dialect.creationOrder)
                );
                CREATE INDEX circles_profiles_owner ON circles_profiles (owner_account_id, seq);
                CREATE TABLE circles_shadow_circles (
                    profile_id TEXT NOT NULL REFERENCES circles_profiles (id) ON DELETE CASCADE,
                    circle_id TEXT NOT NULL REFERENCES circles_circles (id) ON DELETE CASCADE,
                    \(dialect == .postgres ? "owner_account_id TEXT NOT NULL," : "")
                    PRIMARY KEY (profile_id, circle_id)
                )\(dialect.withoutRowID);
                CREATE TABLE circles_personas (
                    account_id TEXT PRIMARY KEY NOT NULL,
                    profile_id TEXT REFERENCES circles_profiles (id) ON DELETE SET NULL
                );
                CREATE TABLE circles_cells (
                    profile_id TEXT NOT NULL REFERENCES circles_profiles (id) ON DELETE CASCADE,
                    field TEXT NOT NULL,
                    circle_id TEXT NOT NULL REFERENCES circles_circles (id) ON DELETE CASCADE,
                    access TEXT NOT NULL,
                    owner_account_id TEXT NOT NULL,
                    PRIMARY KEY (profile_id, field, circle_id)
                )\(dialect.withoutRowID);
                CREATE INDEX circles_cells_owner ON circles_cells (owner_account_id);
                CREATE TABLE circles_staged_cells (
                    account_id TEXT NOT NULL,
                    profile_id TEXT NOT NULL REFERENCES circles_profiles (id) ON DELETE CASCADE,
                    field TEXT NOT NULL,
                    circle_id TEXT NOT NULL REFERENCES circles_circles (id) ON DELETE CASCADE,
                    access TEXT NOT NULL,
                    PRIMARY KEY (account_id, profile_id, field, circle_id)
                )\(dialect.withoutRowID);
                \(dialect == .postgres ? cascadeIndexes.prefix(5).joined(separator: "\n") : "")
                """
            },
            Migration("requests-and-grants") { dialect in
                """
                CREATE TABLE circles_requests (
                    id TEXT PRIMARY KEY NOT NULL,
                    owner_account_id TEXT NOT NULL,
                    profile_id TEXT NOT NULL REFERENCES circles_profiles (id) ON DELETE CASCADE,
                    requester_account_id TEXT NOT NULL,
                    requester_profile_id TEXT NOT NULL,
                    requester_display_name TEXT NOT NULL,
                    requester_username TEXT,
                    field TEXT NOT NULL,
                    reason TEXT,
                    created_at \(dialect.timestamp) NOT NULL,
                    expires_at \(dialect.timestamp) NOT NULL,
                    status TEXT NOT NULL,
                    seq \(dialect.creationOrder)
                );
                CREATE INDEX circles_requests_owner ON circles_requests (owner_account_id, seq);
                CREATE TABLE circles_grants (
                    id TEXT PRIMARY KEY NOT NULL,
                    owner_account_id TEXT NOT NULL,
                    profile_id TEXT NOT NULL REFERENCES circles_profiles (id) ON DELETE CASCADE,
                    viewer_account_id TEXT NOT NULL,
                    viewer_display_name TEXT NOT NULL,
                    viewer_username TEXT,
                    field TEXT,
                    created_at \(dialect.timestamp) NOT NULL,
                    expires_at \(dialect.timestamp),
                    seq \(dialect.creationOrder)
                );
                CREATE INDEX circles_grants_owner ON circles_grants (owner_account_id, seq);
                \(dialect == .postgres ? cascadeIndexes.suffix(2).joined(separator: "\n") : "")
                """
            },
            Migration("change-version") { $0 == .sqlite ? SQLite.changeVersion : Postgres.changeVersion },
            Migration("owner-versions") { $0 == .sqlite ? SQLite.ownerVersions : nil },
            // PostgreSQL's name for the per-owner versions. SQLite rewrites the triggers that name the table.
            Migration("versions-table") {
                $0 == .sqlite ? "ALTER TABLE circles_owner_versions RENAME TO circles_versions" : nil
            },
            Migration("shadow-circles-owner") { $0 == .sqlite ? SQLite.shadowCirclesOwner : nil },
            Migration("cascade-indexes") { $0 == .sqlite ? cascadeIndexes.joined(separator: "\n") : nil },
            // An account's deletion and export find the rows that name it in other owners' data: its link in their
            // contacts, the requests it made, the grants it holds.
            Migration(
                "leaving-indexes",
                """
                CREATE INDEX circles_contacts_linked ON circles_contacts (linked_account_id)
                    WHERE linked_account_id IS NOT NULL;
                CREATE INDEX circles_requests_requester ON circles_requests (requester_account_id);
                CREATE INDEX circles_grants_viewer ON circles_grants (viewer_account_id);
                """),
        ])

    /// Indexes on the columns a cascade or an `ON DELETE SET NULL` follows (without them, deleting a circle or a
    /// profile reads every row of the tables that reference it): PostgreSQL's steps 2 and 3 create them with their
    /// tables, SQLite's step 8 (its files had none).
    private static let cascadeIndexes = [
        "CREATE INDEX circles_shadow_circles_circle ON circles_shadow_circles (circle_id);",
        "CREATE INDEX circles_personas_profile ON circles_personas (profile_id);",
        "CREATE INDEX circles_cells_circle ON circles_cells (circle_id);",
        "CREATE INDEX circles_staged_cells_profile ON circles_staged_cells (profile_id);",
        "CREATE INDEX circles_staged_cells_circle ON circles_staged_cells (circle_id);",
        "CREATE INDEX circles_requests_profile ON circles_requests (profile_id);",
        "CREATE INDEX circles_grants_profile ON circles_grants (profile_id);",
    ]
}

extension SQLDialect {
    /// `seq`, a row's place in creation order: PostgreSQL numbers the row itself (an identity); on SQLite the
    /// insert gives it (`SQLCirclesTransaction.insert(into:)`).
    fileprivate var creationOrder: String {
        self == .sqlite ? "INTEGER NOT NULL" : "BIGINT GENERATED ALWAYS AS IDENTITY"
    }
}

/// SQLite's version triggers, steps 4 to 7.
private enum SQLite {
    /// The Circles tables step 4 found (every one but `circles_version`), in name order.
    static let tablesOfStep4 = [
        "circles_cells", "circles_circles", "circles_contacts", "circles_dismissed_suggestions", "circles_grants",
        "circles_memberships", "circles_personas", "circles_profiles", "circles_requests", "circles_shadow_circles",
        "circles_staged_cells",
    ]

    /// One counter that every row change of a Circles table bumps, in the same transaction (triggers fire for
    /// cascaded deletes too). Any connection reads the version of the data it sees, unlike PRAGMA data_version,
    /// which is per connection. Replaced by step 5.
    static let changeVersion: String = {
        var statements = [
            """
            CREATE TABLE circles_version (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                version INTEGER NOT NULL
            )
            """,
            "INSERT INTO circles_version (id, version) VALUES (1, 0)",
        ]
        for table in tablesOfStep4 {
            for event in ["INSERT", "UPDATE", "DELETE"] {
                statements.append(
                    """
                    CREATE TRIGGER \(table)_\(event.lowercased())_bumps_version AFTER \(event) ON \(table)
                    BEGIN UPDATE circles_version SET version = version + 1 WHERE id = 1; END
                    """)
            }
        }
        return statements.joined(separator: ";\n") + ";"
    }()

    /// One version per owner account instead of one for everything, so a write by one account leaves the engine's
    /// indexes of every other account valid. Same triggers (cascaded deletes included), each bumping the version
    /// of the changed row's owner; `circles_shadow_circles` had no owner column then and takes its profile's (when
    /// the profile itself is being deleted, its own trigger bumps).
    static let ownerVersions: String = {
        var statements = [
            "DROP TABLE circles_version",
            """
            CREATE TABLE circles_owner_versions (
                owner_account_id TEXT PRIMARY KEY NOT NULL,
                version INTEGER NOT NULL
            ) WITHOUT ROWID
            """,
        ]
        let owners = [
            "circles_contacts": "owner_account_id", "circles_circles": "owner_account_id",
            "circles_memberships": "owner_account_id", "circles_dismissed_suggestions": "owner_account_id",
            "circles_profiles": "owner_account_id", "circles_cells": "owner_account_id",
            "circles_requests": "owner_account_id", "circles_grants": "owner_account_id",
            "circles_personas": "account_id", "circles_staged_cells": "account_id",
        ]
        func owner(of table: String, _ row: String) -> String {
            if let column = owners[table] { return "\(row).\(column)" }
            return "(SELECT owner_account_id FROM circles_profiles WHERE id = \(row).profile_id)"
        }
        for table in owners.keys.sorted() + ["circles_shadow_circles"] {
            for event in ["insert", "update", "delete"] {
                statements.append("DROP TRIGGER \(table)_\(event)_bumps_version")
            }
            statements += bumpTriggers(table, table: "circles_owner_versions", owner: { owner(of: table, $0) })
        }
        return statements.joined(separator: ";\n") + ";"
    }()

    /// The three triggers that bump the version (in `table`, `circles_owner_versions` or `circles_versions`) of
    /// `owner(row)` after each change to a row of `on`: an update that kept its owner bumps once.
    static func bumpTriggers(_ on: String, table: String, owner: (String) -> String) -> [String] {
        /// Bumps `owner`'s version, unless it is `unless`'s.
        func bump(_ owner: String, unless other: String = "NULL") -> String {
            """
            INSERT INTO \(table) (owner_account_id, version)
                SELECT owner, 1 FROM (SELECT \(owner) AS owner) WHERE owner IS NOT NULL AND owner IS NOT \(other)
                ON CONFLICT (owner_account_id) DO UPDATE SET version = version + 1;
            """
        }
        return [
            """
            CREATE TRIGGER \(on)_insert_bumps_version AFTER INSERT ON \(on)
            BEGIN \(bump(owner("NEW"))) END
            """,
            """
            CREATE TRIGGER \(on)_update_bumps_version AFTER UPDATE ON \(on)
            BEGIN
                \(bump(owner("NEW")))
                \(bump(owner("OLD"), unless: owner("NEW")))
            END
            """,
            """
            CREATE TRIGGER \(on)_delete_bumps_version AFTER DELETE ON \(on)
            BEGIN \(bump(owner("OLD"))) END
            """,
        ]
    }

    /// Shadow audiences name their owner account, as every other Circles row (and as on PostgreSQL): the table
    /// rebuilt with the column, filled from each audience's profile, and its triggers bumping that owner directly.
    /// Nothing references the table, so dropping the old one (which drops its triggers) loses nothing.
    static let shadowCirclesOwner: String = {
        var statements = [
            """
            CREATE TABLE circles_shadow_circles_new (
                profile_id TEXT NOT NULL REFERENCES circles_profiles (id) ON DELETE CASCADE,
                circle_id TEXT NOT NULL REFERENCES circles_circles (id) ON DELETE CASCADE,
                owner_account_id TEXT NOT NULL,
                PRIMARY KEY (profile_id, circle_id)
            ) WITHOUT ROWID
            """,
            """
            INSERT INTO circles_shadow_circles_new (profile_id, circle_id, owner_account_id)
            SELECT s.profile_id, s.circle_id, p.owner_account_id
            FROM circles_shadow_circles s JOIN circles_profiles p ON p.id = s.profile_id
            """,
            "DROP TABLE circles_shadow_circles",
            "ALTER TABLE circles_shadow_circles_new RENAME TO circles_shadow_circles",
        ]
        statements += bumpTriggers(
            "circles_shadow_circles", table: "circles_versions", owner: { "\($0).owner_account_id" })
        return statements.joined(separator: ";\n") + ";"
    }()
}

/// PostgreSQL's version functions, step 4.
private enum Postgres {
    // SQLite's one version row would make every Circles write of every account update the same row, so under
    // SERIALIZABLE they would all run one at a time. Here each owner account has its own row, bumped by a trigger
    // on every row change of every Circles table (cascaded deletes included), in the same transaction, keyed by the
    // row's owner (`account_id` for personas and staged edits).
    static let changeVersion = """
        CREATE TABLE circles_versions (
            owner_account_id TEXT PRIMARY KEY,
            version BIGINT NOT NULL
        );
        CREATE FUNCTION circles_bump_version(owner TEXT) RETURNS void LANGUAGE sql AS $$
            INSERT INTO circles_versions (owner_account_id, version) VALUES (owner, 1)
            ON CONFLICT (owner_account_id) DO UPDATE SET version = circles_versions.version + 1
        $$;
        \(rowChanged("circles_owner_row_changed", column: "owner_account_id"))
        \(rowChanged("circles_account_row_changed", column: "account_id"))
        \(bumpTriggers(
            function: "circles_owner_row_changed",
            tables: [
                "circles_cells", "circles_circles", "circles_contacts", "circles_dismissed_suggestions",
                "circles_grants", "circles_memberships", "circles_profiles", "circles_requests",
                "circles_shadow_circles",
            ]))
        \(bumpTriggers(function: "circles_account_row_changed", tables: ["circles_personas", "circles_staged_cells"]))
        """

    /// The trigger function `name`: bumps the version of the changed row's `column`, the new one's too when an update
    /// changed it.
    private static func rowChanged(_ name: String, column: String) -> String {
        """
        CREATE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'INSERT' THEN
                PERFORM circles_bump_version(NEW.\(column));
            ELSE
                PERFORM circles_bump_version(OLD.\(column));
                IF TG_OP = 'UPDATE' THEN
                    IF NEW.\(column) IS DISTINCT FROM OLD.\(column) THEN
                        PERFORM circles_bump_version(NEW.\(column));
                    END IF;
                END IF;
            END IF;
            RETURN NULL;
        END;
        $$;
        """
    }

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
