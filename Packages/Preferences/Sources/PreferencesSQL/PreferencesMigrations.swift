import Storage

/// The Preferences schema on both engines, recorded as `preferences.<n>-<step>` (`1-values`,
/// `2-forget-removed-members` on each). Never edit a shipped step's effect: add one.
///
/// Register it after `IdentityMigrations.all`: its trigger watches Identity's `identity_members` table.
public enum PreferencesMigrations {
    /// Every Preferences migration, in order.
    public static let all = FeatureMigrations(
        feature: "preferences",
        migrations: [
            // One row per member and key; SQLite keeps it clustered on that key (WITHOUT ROWID), as PostgreSQL's
            // primary key index serves the same lookups.
            Migration("values") { dialect in
                """
                CREATE TABLE preferences_values (
                    member_id TEXT NOT NULL,
                    key TEXT NOT NULL,
                    value TEXT NOT NULL,
                    PRIMARY KEY (member_id, key)
                )\(dialect == .sqlite ? " WITHOUT ROWID" : "");
                """
            },
            // A removed managed member's preferences go with it, in the transaction that removes it; its acting
            // records (in identity_acting_records) stay. An account leaving a household keeps its own preferences.
            // Identity's store knows nothing of preferences, so the rule is a trigger, the one thing the engines
            // spell differently: PostgreSQL's is a PL/pgSQL function run AFTER each deleted row, at the end of the
            // statement, when the member's rows are gone.
            Migration("forget-removed-members") { dialect in
                switch dialect {
                case .sqlite:
                    """
                    CREATE TRIGGER preferences_forget_removed_member
                    AFTER DELETE ON identity_members
                    WHEN OLD.kind = 'managed'
                        AND NOT EXISTS (SELECT 1 FROM identity_members WHERE member_id = OLD.member_id)
                    BEGIN
                        DELETE FROM preferences_values WHERE member_id = OLD.member_id;
                    END;
                    """
                case .postgres:
                    """
                    CREATE FUNCTION preferences_forget_removed_member() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                        IF OLD.kind = 'managed'
                            AND NOT EXISTS (SELECT 1 FROM identity_members WHERE member_id = OLD.member_id)
                        THEN
                            DELETE FROM preferences_values WHERE member_id = OLD.member_id;
                        END IF;
                        RETURN NULL;
                    END;
                    $$;
                    CREATE TRIGGER preferences_forget_removed_member
                        AFTER DELETE ON identity_members
                        FOR EACH ROW EXECUTE FUNCTION preferences_forget_removed_member();
                    """
                }
            },
        ])
}
