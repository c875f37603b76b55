import Dispatch
import GRDB
import Storage

extension SQLiteDatabase: SQLDatabase {
    public var dialect: SQLDialect { .sqlite }

    public func read<T: Sendable>(_ body: @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try await readDatabase { db in try body(SQLiteConnection(db)) }
    }

    public func write<T: Sendable>(synchronous: Bool, _ body: @Sendable (any SQLConnection) throws -> T)
        async throws -> T
    {
        try await writeDatabase(synchronous: synchronous) { db in try body(SQLiteConnection(db)) }
    }

    /// Runs `body` in one read transaction; a failure of the file itself is a `StorageError` naming it.
    ///
    /// GRDB's own async read hops three times (to the pool's waiting queue, to the reader's queue, back), and a
    /// profile of kith-server's look spent a quarter of its time in such hand-offs; here the read runs synchronously
    /// on a thread of `readQueue` and the caller resumes once. It runs on a connection of `readers` when one is free
    /// (another tenth of a look went to the pool's hand-out), else the pool's; waiting for a free pool connection
    /// happens on that thread, never on the concurrency pool's.
    public func readDatabase<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        try await naming {
            try await withoutActuallyEscaping(body) { body in
                let work = WorkBox { try self.readers?.read(body) ?? self.pool.read(body) }
                return try await withCheckedThrowingContinuation { continuation in
                    Self.readQueue.async { continuation.resume(with: Result { try work.run() }) }
                }
            }
        }
    }

    /// Where reads run (see `read`): concurrent, as the pool has several reader connections.
    private static let readQueue = DispatchQueue(
        label: "kith.database.read", qos: .userInitiated, attributes: .concurrent)

    /// Runs `body` in one write transaction on the writer connection; GRDB rolls back when `body` throws.
    ///
    /// Every connection runs WAL with `synchronous=NORMAL`: a commit survives a crash of the process but may be
    /// lost on power loss. With `synchronous: true` the writer switches to `synchronous=FULL` for this commit
    /// only, so the WAL is synced before the call returns (power loss included), then back to NORMAL.
    public func writeDatabase<T: Sendable>(synchronous: Bool = false, _ body: @Sendable (Database) throws -> T)
        async throws -> T
    {
        guard synchronous else { return try await naming { try await pool.write(body) } }
        return try await naming {
            // Without a transaction of GRDB's own, so the pragma (refused inside a transaction) runs around it.
            try await pool.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = FULL")
                defer { try? db.execute(sql: "PRAGMA synchronous = NORMAL") }
                var result: T?
                try db.inTransaction {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        }
    }

    /// Closes every connection now: SQLite checkpoints the WAL into the file and removes `-wal` with the last one.
    /// Later calls fail. For a process about to exit, which cannot count on releasing the database to close it:
    /// a connection still referenced at exit (a request's task not yet torn down) would keep the WAL.
    ///
    /// The readers go first: only a connection that may write checkpoints, so the writer must be the last to close.
    public func close() throws(StorageError) {
        pool.releaseMemory()
        do {
            try readers?.close()
            try pool.close()
        } catch let error as DatabaseError {
            throw Self.storageError(error, path: path) ?? StorageError(.unavailable, "Cannot close \(path): \(error)")
        } catch {
            throw StorageError(.unavailable, "Cannot close \(path): \(error)")
        }
    }

    /// Runs `work`, turning SQLite's failures of the file (read-only, locked, full, unreadable) into the
    /// `StorageError` a user reads; anything else (a domain refusal, a constraint) passes through unchanged.
    func naming<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as DatabaseError {
            throw Self.storageError(error, path: path) ?? error
        }
    }

    /// The `StorageError` for an SQLite failure of the file at `path`, or nil when it is not one.
    public static func storageError(_ error: DatabaseError, path: String) -> StorageError? {
        let cause = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_READONLY:
            return StorageError(.readOnly, "The database \(path) is read-only: \(cause)")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return StorageError(.busy, "The database \(path) is busy: another kith is writing it. Try again")
        case .SQLITE_FULL:
            return StorageError(.unavailable, "Cannot write the database \(path): the disk is full")
        case .SQLITE_IOERR, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_NOMEM, .SQLITE_PROTOCOL:
            return StorageError(.unavailable, "Cannot use the database \(path): \(cause)")
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return StorageError(.unavailable, "The database \(path) is damaged: \(cause)")
        default:
            return nil
        }
    }
}
