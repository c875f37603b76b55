import PostgresStorage
import SQLiteStorage
import Storage

/// The app's features' schema steps on the server's store, checked and applied apart from serving: `kith-server
/// migrate`, `migrate --check` and `--no-migrate` (CLI.md, Operations). On PostgreSQL steps are applied under the
/// advisory lock, so two `migrate` runs (or servers) at once apply each step once.
public enum ServerSchema {
    /// Where `store`'s schema stands, read without changing anything.
    public static func status(
        of store: ServerArguments.Store, migrations: [FeatureMigrations]
    ) async throws(StorageError) -> MigrationStatus {
        switch store {
        case .sqlite(let path):
            return try SQLiteDatabase.migrationStatus(at: path, features: migrations)
        case .postgres(let url):
            return try await PostgresDatabase.connect(url: url, size: 1).migrationStatus(
                migrations)
        }
    }

    /// Applies `store`'s pending steps; the status before, whose `pending` are the steps applied.
    public static func migrate(
        _ store: ServerArguments.Store, migrations: [FeatureMigrations]
    ) async throws(StorageError) -> MigrationStatus {
        switch store {
        case .sqlite(let path):
            let before = try SQLiteDatabase.migrationStatus(at: path, features: migrations)
            try SQLiteDatabase.open(at: path, features: migrations).close()
            return before
        case .postgres(let url):
            return try await PostgresDatabase.connect(url: url, size: 1).migrate(migrations)
        }
    }

    /// The sentence a server started with `--no-migrate` refuses with, naming what is pending.
    static func pendingRefusal(_ status: MigrationStatus) -> String {
        "The database has \(status.pending.count) pending migration\(status.pending.count == 1 ? "" : "s") "
            + "(\(status.pending.joined(separator: ", "))): run `kith-server migrate` first"
    }
}
