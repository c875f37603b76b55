import PostgresStorage

/// The Preferences schema on PostgreSQL, recorded as `preferences.<n>-<step>`. Never edit a shipped step.
///
/// Open it after `IdentityPostgresMigrations.all`: its trigger watches Identity's `identity_members` table.
public enum PreferencesPostgresMigrations {
    /// Every Preferences migration, in order.
    public static let all = PostgresFeatureMigrations(
        feature: "preferences",
        steps: [
            .init(
                "values",
                sql: """
                    CREATE TABLE preferences_values (
                        member_id TEXT NOT NULL,
                        key TEXT NOT NULL,
                        value TEXT NOT NULL,
                        PRIMARY KEY (member_id, key)
                    )
                    """),
            // A removed managed member's preferences go with it, in the transaction that removes it; its acting
            // records (in identity_acting_records) stay. An account leaving a household keeps its own preferences.
            // As SQLite's trigger: Identity's store knows nothing of preferences. An AFTER ROW trigger runs at the
            // end of the statement, when the member's rows are gone.
            .init(
                "forget-removed-members",
                sql: """
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
                    """),
        ])
}
