import Storage

/// The Votes schema on both engines, recorded as `votes.<n>-<step>` (`1-ballots`, `2-forget-removed-members` on
/// each). Never edit a shipped step's effect: add one.
///
/// Register it after `IdentityMigrations.all`: ballots refer to Identity's households, and the trigger watches its
/// `identity_members` table.
public enum VotesMigrations {
    /// Every Votes migration, in order.
    public static let all = FeatureMigrations(
        feature: "votes",
        migrations: [
            // One row per household, member and title key (the title as compared: `MovieTitle.key`); the title as the
            // household spells it beside it. A household that goes takes its ballots along. SQLite keeps the rows
            // clustered on the key (WITHOUT ROWID), as PostgreSQL's primary key index serves the same lookups; the
            // member index serves deletion and export.
            Migration("ballots") { dialect in
                """
                CREATE TABLE votes_ballots (
                    household_id TEXT NOT NULL REFERENCES identity_households(id) ON DELETE CASCADE,
                    member_id TEXT NOT NULL,
                    title_key TEXT NOT NULL,
                    title TEXT NOT NULL,
                    vote TEXT,
                    rating INTEGER,
                    voted_at \(dialect.timestamp) NOT NULL,
                    updated_at \(dialect.timestamp) NOT NULL,
                    PRIMARY KEY (household_id, member_id, title_key)
                )\(dialect.withoutRowID);
                CREATE INDEX votes_ballots_member ON votes_ballots(member_id);
                """
            },
            // A member removed from a household takes its ballots there with it, in the transaction that removes it: a
            // managed member removed by its guardian, an account that leaves or is removed (its ballots elsewhere
            // stay), and every member of a household that goes. Identity's store knows nothing of votes, so the rule
            // is a trigger, the one thing the engines spell differently: PostgreSQL's is a PL/pgSQL function run
            // AFTER each deleted row. Acting records (identity_acting_records) stay.
            Migration("forget-removed-members") { dialect in
                switch dialect {
                case .sqlite:
                    """
                    CREATE TRIGGER votes_forget_removed_member
                    AFTER DELETE ON identity_members
                    BEGIN
                        DELETE FROM votes_ballots WHERE household_id = OLD.household_id AND member_id = OLD.member_id;
                    END;
                    """
                case .postgres:
                    """
                    CREATE FUNCTION votes_forget_removed_member() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                        DELETE FROM votes_ballots WHERE household_id = OLD.household_id AND member_id = OLD.member_id;
                        RETURN NULL;
                    END;
                    $$;
                    CREATE TRIGGER votes_forget_removed_member
                        AFTER DELETE ON identity_members
                        FOR EACH ROW EXECUTE FUNCTION votes_forget_removed_member();
                    """
                }
            },
        ])
}
