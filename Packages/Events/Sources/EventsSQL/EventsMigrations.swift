import Storage

/// The Events schema on both engines, recorded as `events.<n>-<step>`. Never edit a shipped step's effect: add one.
///
/// Registered after `TokensMigrations.all` (its store's transactions span Tokens' and Identity's); the app id is not a
/// foreign key, so removing an app never waits on its deliveries (the row is only read with the app).
public enum EventsMigrations {
    /// Every Events migration, in order.
    public static let all = FeatureMigrations(
        feature: "events",
        migrations: [
            // One row per app whose webhook was ever tried: where its deliveries stand (`WebhookState`). The claim is
            // `claim_owner` and `claimed_until`, written in the same SERIALIZABLE transaction that read the row, so
            // two servers never hold one app at once.
            Migration("webhook-deliveries") { dialect in
                """
                CREATE TABLE events_webhook_deliveries (
                    app_id TEXT PRIMARY KEY NOT NULL,
                    delivered_transaction BIGINT NOT NULL,
                    delivered_sequence BIGINT NOT NULL,
                    pending_event_id TEXT,
                    attempts INTEGER NOT NULL,
                    first_failure_at \(dialect.timestamp),
                    next_attempt_at \(dialect.timestamp),
                    claim_owner TEXT,
                    claimed_until \(dialect.timestamp),
                    disabled_url TEXT,
                    disabled_at \(dialect.timestamp)
                )\(dialect.withoutRowID);
                """
            }
        ])
}
