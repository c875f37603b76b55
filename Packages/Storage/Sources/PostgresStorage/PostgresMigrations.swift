import Storage
import Synchronization

extension PostgresDatabase {
    /// The advisory lock every migrating server takes first (an arbitrary constant: "kith" in ASCII).
    static let migrationLock = 0x6B69_7468

    /// Applies the pending steps of `features`, in order, in one transaction, while holding a session-level
    /// advisory lock: a second server starting at the same time waits for it, then (its transaction starting only
    /// after the lock, so it sees the first one's work) finds nothing left to do. Returns the status before, so its
    /// `pending` are the steps this call applied; steps a newer build applied (`unknown`) are left as they are: a
    /// fleet in the middle of an upgrade keeps serving.
    @discardableResult
    public func migrate(_ features: [FeatureMigrations]) async throws(StorageError) -> MigrationStatus {
        let names = features.flatMap { $0.identifiers(for: .postgres) }
        guard Set(names).count == names.count else {
            throw StorageError(.migrationFailed, "Two migrations share a name: \(names)")
        }
        let status = Mutex(MigrationStatus(known: names, applied: []))
        do {
            try await withMigrationLock { connection in
                // Created only when missing, so a server may start on a read-only database (a standby after a
                // failover) whose schema is current: even `CREATE TABLE IF NOT EXISTS` is refused there.
                let exists = try connection.first("SELECT to_regclass('kith_migrations') IS NOT NULL")?.bool(0)
                if exists != true {
                    try connection.execute(
                        """
                        CREATE TABLE IF NOT EXISTS kith_migrations (
                            identifier TEXT PRIMARY KEY,
                            applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
                        )
                        """)
                }
                let appliedInOrder = try connection.query(
                    "SELECT identifier FROM kith_migrations ORDER BY applied_at, identifier"
                ).map { try $0.string(0) }
                status.withLock { $0 = MigrationStatus(known: names, applied: appliedInOrder) }
                let applied = Set(appliedInOrder)
                for feature in features {
                    for (identifier, sql) in feature.steps(for: .postgres)
                    where !applied.contains(identifier) {
                        try connection.execute(sql)
                        try connection.execute("INSERT INTO kith_migrations (identifier) VALUES ($1)", [identifier])
                    }
                }
            }
        } catch let error as StorageError {
            throw error
        } catch let error as PostgresError where error.isConnectionFailure || error.isUnavailable {
            // Not answering (down, paused past the deadlines) or refusing for now: said as such, in seconds.
            throw StorageError(.unavailable, "The database is not available (\(error)). Please try again.")
        } catch {
            throw StorageError(.migrationFailed, "Could not migrate the database: \(error)")
        }
        return status.withLock { $0 }
    }

    /// A pool over `url` as `open` makes it, without migrating: for `kith-server migrate --check` and a server that
    /// must not migrate (`--no-migrate`), which ask `migrationStatus` first.
    public static func connect(
        url: String, size: Int = 8, retry: RetryPolicy = RetryPolicy(), timeouts: Timeouts = Timeouts(),
        replicas: Replicas = Replicas()
    ) -> PostgresDatabase {
        PostgresDatabase(url: url, size: size, retry: retry, timeouts: timeouts, replicas: replicas)
    }

    /// Where the schema stands against `features`, read without changing anything (a database no server migrated
    /// yet has every step pending).
    public func migrationStatus(_ features: [FeatureMigrations]) async throws(StorageError) -> MigrationStatus {
        let names = features.flatMap { $0.identifiers(for: .postgres) }
        do {
            let applied = try await read { connection -> [String] in
                guard try connection.first("SELECT to_regclass('kith_migrations') IS NOT NULL")?.bool(0) == true
                else { return [] }
                return try connection.query("SELECT identifier FROM kith_migrations ORDER BY applied_at, identifier")
                    .map { try $0.string(0) }
            }
            return MigrationStatus(known: names, applied: applied)
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError(.unavailable, "The database is not available (\(error)). Please try again.")
        }
    }

    /// Runs `body` on a connection of its own that holds the migration lock, in one transaction, on a thread of its
    /// own: waiting for another server's lock must not hold one of the concurrency pool's threads.
    private func withMigrationLock(_ body: @escaping @Sendable (PostgresConnection) throws -> Void) async throws {
        let (url, timeouts) = (url, timeouts)
        try await PostgresPool.Slot(index: -1).run {
            let connection = try PostgresConnection(
                url: url, timeouts: .init(connect: timeouts.connect, answer: timeouts.migration))
            defer { connection.close() }
            try connection.execute("SELECT pg_advisory_lock($1)", [Self.migrationLock])
            defer { try? connection.execute("SELECT pg_advisory_unlock($1)", [Self.migrationLock]) }
            try connection.execute("BEGIN")
            do {
                try body(connection)
                try connection.execute("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// The migrations recorded in the database, in the order they were applied.
    public func appliedMigrations() async throws -> [String] {
        try await read { connection in
            try connection.query("SELECT identifier FROM kith_migrations ORDER BY applied_at, identifier").map {
                try $0.string(0)
            }
        }
    }
}
