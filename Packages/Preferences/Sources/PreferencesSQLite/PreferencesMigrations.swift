import GRDB
import Storage

/// The Preferences schema, registered with Storage as `preferences.<n>-<step>`. Never edit a shipped step.
///
/// Register it after `IdentityMigrations.all`: its trigger watches Identity's `identity_members` table.
public enum PreferencesMigrations {
    /// Every Preferences migration, in order.
    public static let all = FeatureMigrations(
        feature: "preferences",
        migrations: [
            Migration("values") { db in
                try db.execute(
                    sql: """
                        CREATE TABLE preferences_values (
                            member_id TEXT NOT NULL,
                            key TEXT NOT NULL,
                            value TEXT NOT NULL,
                            PRIMARY KEY (member_id, key)
                        ) WITHOUT ROWID;
                        """)
            },
            // A removed managed member's preferences go with it, in the transaction that removes it; its acting
            // records (in identity_acting_records) stay. An account leaving a household keeps its own preferences.
            Migration("forget-removed-members") { db in
                try db.execute(
                    sql: """
                        CREATE TRIGGER preferences_forget_removed_member
                        AFTER DELETE ON identity_members
                        WHEN OLD.kind = 'managed'
                            AND NOT EXISTS (SELECT 1 FROM identity_members WHERE member_id = OLD.member_id)
                        BEGIN
                            DELETE FROM preferences_values WHERE member_id = OLD.member_id;
                        END;
                        """)
            },
        ])
}
