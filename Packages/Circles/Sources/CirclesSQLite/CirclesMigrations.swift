import GRDB
import Storage

/// The Circles schema, registered with Storage as `circles.<n>-<step>`. Never edit a shipped step.
public enum CirclesMigrations {
    /// Every Circles migration, in order.
    public static let all = FeatureMigrations(
        feature: "circles",
        migrations: [
            Migration("contacts-and-circles") { db in
                try db.execute(
                    sql: """
                        CREATE TABLE circles_contacts (
                            id TEXT PRIMARY KEY NOT NULL,
                            owner_account_id TEXT NOT NULL,
                            display_name TEXT NOT NULL,
                            linked_account_id TEXT,
                            phone TEXT,
                            email TEXT,
                            created_at DATETIME NOT NULL,
                            seq INTEGER NOT NULL
                        );
                        CREATE INDEX circles_contacts_owner ON circles_contacts (owner_account_id, seq);
                        CREATE UNIQUE INDEX circles_contacts_link
                            ON circles_contacts (owner_account_id, linked_account_id)
                            WHERE linked_account_id IS NOT NULL;
                        CREATE TABLE circles_circles (
                            id TEXT PRIMARY KEY NOT NULL,
                            owner_account_id TEXT NOT NULL,
                            name TEXT NOT NULL,
                            built_in TEXT,
                            emoji TEXT NOT NULL,
                            color TEXT NOT NULL,
                            position INTEGER NOT NULL,
                            created_at DATETIME NOT NULL
                        );
                        CREATE INDEX circles_circles_owner ON circles_circles (owner_account_id, position);
                        CREATE TABLE circles_memberships (
                            circle_id TEXT NOT NULL REFERENCES circles_circles (id) ON DELETE CASCADE,
                            contact_id TEXT NOT NULL REFERENCES circles_contacts (id) ON DELETE CASCADE,
                            owner_account_id TEXT NOT NULL,
                            PRIMARY KEY (circle_id, contact_id)
                        ) WITHOUT ROWID;
                        CREATE INDEX circles_memberships_contact ON circles_memberships (contact_id, circle_id);
                        CREATE INDEX circles_memberships_owner ON circles_memberships (owner_account_id);
                        CREATE TABLE circles_dismissed_suggestions (
                            owner_account_id TEXT NOT NULL,
                            suggestion_id TEXT NOT NULL,
                            PRIMARY KEY (owner_account_id, suggestion_id)
                        ) WITHOUT ROWID;
                        """)
            },
            Migration("profiles-and-matrix") { db in
                try db.execute(
                    sql: """
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
                            revealed_at DATETIME,
                            last_used_at DATETIME,
                            created_at DATETIME NOT NULL,
                            seq INTEGER NOT NULL
                        );
                        CREATE INDEX circles_profiles_owner ON circles_profiles (owner_account_id, seq);
                        CREATE TABLE circles_shadow_circles (
                            profile_id TEXT NOT NULL REFERENCES circles_profiles (id) ON DELETE CASCADE,
                            circle_id TEXT NOT NULL REFERENCES circles_circles (id) ON DELETE CASCADE,
                            PRIMARY KEY (profile_id, circle_id)
                        ) WITHOUT ROWID;
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
                        ) WITHOUT ROWID;
                        CREATE INDEX circles_cells_owner ON circles_cells (owner_account_id);
                        CREATE TABLE circles_staged_cells (
                            account_id TEXT NOT NULL,
                            profile_id TEXT NOT NULL REFERENCES circles_profiles (id) ON DELETE CASCADE,
                            field TEXT NOT NULL,
                            circle_id TEXT NOT NULL REFERENCES circles_circles (id) ON DELETE CASCADE,
                            access TEXT NOT NULL,
                            PRIMARY KEY (account_id, profile_id, field, circle_id)
                        ) WITHOUT ROWID;
                        """)
            },
            Migration("requests-and-grants") { db in
                try db.execute(
                    sql: """
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
                            created_at DATETIME NOT NULL,
                            expires_at DATETIME NOT NULL,
                            status TEXT NOT NULL,
                            seq INTEGER NOT NULL
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
                            created_at DATETIME NOT NULL,
                            expires_at DATETIME,
                            seq INTEGER NOT NULL
                        );
                        CREATE INDEX circles_grants_owner ON circles_grants (owner_account_id, seq);
                        """)
            },
            Migration("change-version") { db in
                // One counter that every row change of a Circles table bumps, in the same transaction (triggers
                // fire for cascaded deletes too). Any connection reads the version of the data it sees, unlike
                // PRAGMA data_version, which is per connection; the engine's cache keys its indexes by it.
                try db.execute(
                    sql: """
                        CREATE TABLE circles_version (
                            id INTEGER PRIMARY KEY CHECK (id = 1),
                            version INTEGER NOT NULL
                        );
                        INSERT INTO circles_version (id, version) VALUES (1, 0);
                        """)
                let tables = try String.fetchAll(
                    db,
                    sql: """
                        SELECT name FROM sqlite_master
                        WHERE type = 'table' AND name LIKE 'circles\\_%' ESCAPE '\\' AND name != 'circles_version'
                        ORDER BY name
                        """)
                for table in tables {
                    for event in ["INSERT", "UPDATE", "DELETE"] {
                        try db.execute(
                            sql: """
                                CREATE TRIGGER \(table)_\(event.lowercased())_bumps_version AFTER \(event) ON \(table)
                                BEGIN UPDATE circles_version SET version = version + 1 WHERE id = 1; END
                                """)
                    }
                }
            },
            Migration("owner-versions") { db in
                // One version per owner account instead of one for everything, so a write by one account leaves
                // the engine's indexes of every other account valid. Same triggers (cascaded deletes included),
                // each bumping the version of the changed row's owner; `circles_shadow_circles` has no owner column
                // and takes its profile's (when the profile itself is being deleted, its own trigger bumps).
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
                /// Bumps `owner`'s version, unless it is `unless`'s (an update that kept its owner bumps once).
                func bump(_ owner: String, unless other: String = "NULL") -> String {
                    """
                    INSERT INTO circles_owner_versions (owner_account_id, version)
                        SELECT owner, 1 FROM (SELECT \(owner) AS owner) WHERE owner IS NOT NULL AND owner IS NOT \(other)
                        ON CONFLICT (owner_account_id) DO UPDATE SET version = version + 1;
                    """
                }
                for table in owners.keys.sorted() + ["circles_shadow_circles"] {
                    for event in ["insert", "update", "delete"] {
                        statements.append("DROP TRIGGER \(table)_\(event)_bumps_version")
                    }
                    statements.append(
                        """
                        CREATE TRIGGER \(table)_insert_bumps_version AFTER INSERT ON \(table)
                        BEGIN \(bump(owner(of: table, "NEW"))) END
                        """)
                    statements.append(
                        """
                        CREATE TRIGGER \(table)_update_bumps_version AFTER UPDATE ON \(table)
                        BEGIN
                            \(bump(owner(of: table, "NEW")))
                            \(bump(owner(of: table, "OLD"), unless: owner(of: table, "NEW")))
                        END
                        """)
                    statements.append(
                        """
                        CREATE TRIGGER \(table)_delete_bumps_version AFTER DELETE ON \(table)
                        BEGIN \(bump(owner(of: table, "OLD"))) END
                        """)
                }
                for statement in statements { try db.execute(sql: statement) }
            },
        ])
}
