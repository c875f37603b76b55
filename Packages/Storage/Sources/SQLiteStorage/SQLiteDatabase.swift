import GRDB
import Storage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one SQLite file every feature stores into: a WAL `DatabasePool` with each feature's migrations applied.
public final class SQLiteDatabase: Sendable {
    /// The file path as given (or resolved from the environment).
    public let path: String
    /// The pool stores read and write through. One command is one `write` transaction.
    public let pool: DatabasePool
    /// Where reads go first (see `ReaderConnections`); nil for a file opened read-only, which reads from the pool.
    let readers: ReaderConnections?
    private let features: [FeatureMigrations]

    private static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// How long a write waits for another connection's write to end before saying the file is busy. A write holds
    /// the lock for milliseconds; the wait only grows when many processes write at once on a loaded machine, where
    /// SQLite's busy handler is not fair (a hundred `kith` writers at once on two cores waited over 5 s), and
    /// waiting is what a user of a command line wants then.
    public static let defaultBusyTimeoutSeconds: Double = 15

    private init(path: String, pool: DatabasePool, readers: ReaderConnections?, features: [FeatureMigrations]) {
        self.path = path
        self.pool = pool
        self.readers = readers
        self.features = features
    }

    /// Opens (creating it with mode 0600 if missing) and migrates the file.
    ///
    /// A path that is a folder, a file that is not SQLite, an SQLite file that Kith did not create, or a
    /// file migrated by a newer build is refused before anything is written to it.
    public static func open(
        at path: String,
        features: [FeatureMigrations],
        busyTimeoutSeconds: Double = defaultBusyTimeoutSeconds
    ) throws(StorageError) -> SQLiteDatabase {
        try checkNames(features)
        switch PrivateFile.state(of: path) {
        case .directory:
            throw StorageError(.notAFile, "\(path) is a folder, not a database file")
        case .missing:
            try PrivateFile.create(path)
        case .file(let size, let mode):
            // First, so a read-only file is not even read by SQLite (which would leave -wal and -shm beside it).
            guard PrivateFile.isWritable(path, mode: mode) else {
                throw StorageError(.readOnly, "The database \(path) is read-only: kith cannot save to it")
            }
            if size > 0 {
                try refuseUnlessKithFile(path, features: features, busyTimeoutSeconds: busyTimeoutSeconds)
            }
            PrivateFile.restrictMode(path, from: mode)
        }

        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeoutSeconds)
        configuration.foreignKeysEnabled = true
        configuration.label = "kith"
        // WAL (GRDB's pool) with NORMAL: a commit survives a crash of the process, never corrupts the file, and
        // costs no sync; the commits that must survive power loss ask for FULL (`write(synchronous: true)`).
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw StorageError(.cannotOpen, "Cannot open the database \(path): \(describe(error))")
        }
        do {
            try migrator(for: features).migrate(pool)
        } catch {
            throw StorageError(.migrationFailed, "Cannot update the database \(path): \(describe(error))")
        }
        let readers = ReaderConnections(path: path, configuration: configuration, capacity: readerCapacity)
        return SQLiteDatabase(path: path, pool: pool, readers: readers, features: features)
    }

    /// One reader connection per core: reads run on a concurrent queue, about one thread per core when busy.
    private static let readerCapacity = max(2, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// Opens an existing Kith file for reading only, for work that must leave it exactly as it is (shell
    /// completion): nothing is created, migrated or restricted, and SQLite refuses every write. A missing or
    /// empty file is `cannotOpen`; what `open` refuses is refused the same way.
    public static func openReadOnly(
        at path: String,
        features: [FeatureMigrations],
        busyTimeoutSeconds: Double = defaultBusyTimeoutSeconds
    ) throws(StorageError) -> SQLiteDatabase {
        try checkNames(features)
        switch PrivateFile.state(of: path) {
        case .directory:
            throw StorageError(.notAFile, "\(path) is a folder, not a database file")
        case .missing, .file(size: 0, _):
            throw StorageError(.cannotOpen, "There is no database at \(path) yet")
        case .file:
            try refuseUnlessKithFile(path, features: features, busyTimeoutSeconds: busyTimeoutSeconds)
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeoutSeconds)
        configuration.foreignKeysEnabled = true
        configuration.label = "kith"
        do {
            let pool = try DatabasePool(path: path, configuration: configuration)
            return SQLiteDatabase(path: path, pool: pool, readers: nil, features: features)
        } catch {
            throw StorageError(.cannotOpen, "Cannot open the database \(path): \(describe(error))")
        }
    }

    /// What is applied and what is still pending, per feature, for `status`.
    public func appliedMigrations() throws(StorageError) -> AppliedMigrations {
        let applied: Set<String>
        do {
            applied = try pool.read { try Self.migrator(for: features).appliedIdentifiers($0) }
        } catch {
            throw StorageError(.cannotOpen, "Cannot read the database \(path): \(Self.describe(error))")
        }
        return AppliedMigrations(
            features: features.map { feature in
                AppliedMigrations.Feature(
                    feature: feature.feature,
                    applied: feature.identifiers(for: .sqlite).filter { applied.contains($0) },
                    pending: feature.identifiers(for: .sqlite).filter { !applied.contains($0) })
            })
    }

    /// The status of the file at `path` against `features`, read without writing anything: a missing or empty file
    /// has every migration pending; a file `open` would refuse is refused the same way.
    public static func migrationStatus(
        at path: String, features: [FeatureMigrations]
    ) throws(StorageError) -> MigrationStatus {
        let known = features.flatMap { $0.identifiers(for: .sqlite) }
        switch PrivateFile.state(of: path) {
        case .missing, .file(size: 0, _): return MigrationStatus(known: known, applied: [])
        default: break
        }
        let database = try openReadOnly(at: path, features: features)
        defer { try? database.close() }
        return MigrationStatus(known: known, applied: try database.appliedMigrations().features.flatMap(\.applied))
    }

    // MARK: - Opening

    private static func migrator(for features: [FeatureMigrations]) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for feature in features {
            for step in feature.steps(for: .sqlite) {
                migrator.registerMigration(step.identifier) { db in try db.execute(sql: step.sql) }
            }
        }
        return migrator
    }

    private static func checkNames(_ features: [FeatureMigrations]) throws(StorageError) {
        var seen = Set<String>()
        for feature in features where !seen.insert(feature.feature).inserted {
            throw StorageError(.migrationFailed, "Two features register migrations as \(feature.feature)")
        }
    }

    /// Reads the file without writing to it (no WAL switch, no migration table) and refuses what is not ours.
    /// A file another connection is writing is waited for (`busyTimeoutSeconds`, as every write is), and busy
    /// when it stays locked: only a file that is not Kith's is ever called "not a Kith database".
    private static func refuseUnlessKithFile(
        _ path: String, features: [FeatureMigrations], busyTimeoutSeconds: Double
    ) throws(StorageError) {
        let header = try PrivateFile.header(of: path, count: sqliteHeader.count)
        guard header == sqliteHeader else {
            throw StorageError(.notADatabase, "\(path) is not a Kith database (it is not an SQLite file)")
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeoutSeconds)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            try queue.read { db in
                let hasMigrations = try db.tableExists("grdb_migrations")
                let tableCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
                if !hasMigrations && tableCount > 0 {
                    throw StorageError(.foreignDatabase, "\(path) is an SQLite database, but not a Kith one")
                }
                if hasMigrations, try migrator(for: features).hasBeenSuperseded(db) {
                    throw StorageError(
                        .newerSchema, "\(path) was written by a newer version of kith: upgrade kith to open it")
                }
            }
        } catch let error as StorageError {
            throw error
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
        {
            throw StorageError(.busy, "The database \(path) is busy: another kith is writing it. Try again")
        } catch {
            throw StorageError(.notADatabase, "\(path) is not a Kith database: \(describe(error))")
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }
}
