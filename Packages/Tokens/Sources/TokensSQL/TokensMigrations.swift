import Storage

/// The Tokens schema on both engines, recorded as `tokens.<n>-<step>`. Never edit a shipped step's effect: add one.
///
/// Registered after `IdentityMigrations.all` and `CirclesMigrations.all` (its store's transactions span them), though
/// no table refers to theirs: apps and keys are the operator's, about no account.
public enum TokensMigrations {
    /// Every Tokens migration, in order.
    public static let all = FeatureMigrations(
        feature: "tokens",
        migrations: [
            // Listed in the order they were registered (`seq`). An app's secret only as its SHA-256; its webhook secret as `StoredSecret` writes it (sealed or plain).
            Migration("apps") { dialect in
                """
                CREATE TABLE tokens_apps (
                    seq \(dialect.autoIncrementKey),
                    id TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    webhook_url TEXT,
                    secret_hash TEXT NOT NULL,
                    webhook_secret TEXT,
                    created_at \(dialect.timestamp) NOT NULL
                );
                """
            },
            // Every server signs with the keys here; the private key as `StoredSecret` writes it. Few rows (a
            // rotation adds one and deletes those that verify nothing any more), always read whole.
            Migration("signing-keys") { dialect in
                """
                CREATE TABLE tokens_signing_keys (
                    id TEXT PRIMARY KEY NOT NULL,
                    created_at \(dialect.timestamp) NOT NULL,
                    signs_from \(dialect.timestamp) NOT NULL,
                    x TEXT NOT NULL,
                    y TEXT NOT NULL,
                    private_key TEXT NOT NULL
                )\(dialect.withoutRowID);
                """
            },
        ])
}
