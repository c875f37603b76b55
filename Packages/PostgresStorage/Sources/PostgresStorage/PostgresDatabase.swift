import Dispatch
import Foundation
import Storage
import Synchronization

/// A PostgreSQL database for the stores: a fixed-size pool of connections, each transaction on the connection's
/// own thread (never on the caller's, nor a server's event loop). A transaction that writes is SERIALIZABLE and runs
/// again whole when it loses to a concurrent one; one that only reads sees one snapshot of committed data
/// (REPEATABLE READ), as a SQLite reader does.
///
/// A broken connection (the server restarted, the network failed) is closed and replaced on its next use, so
/// service resumes by itself when the database is back; until then calls fail with `StorageError.unavailable`.
public final class PostgresDatabase: Sendable {
    /// Where the database is (for logs, never with a password).
    public let displayName: String
    let url: String
    let pool: PostgresPool
    let retry: RetryPolicy
    private let counting = Mutex(Counters())

    /// What operators watch (see `/metrics`).
    public struct Counters: Sendable, Equatable {
        /// Transactions that lost to a concurrent one and ran again.
        public var retries = 0
        /// Transactions that gave up after every retry.
        public var exhausted = 0
        /// Connections opened, the first ones included.
        public var connects = 0
        /// Connections found broken and replaced.
        public var replaced = 0
    }

    /// How often and how long to wait before running a transaction again.
    public struct RetryPolicy: Sendable {
        /// Runs in all, the first included.
        public var attempts: Int
        /// The wait before the second run; it doubles each time, with full jitter.
        public var baseDelay: Duration
        public init(attempts: Int = 12, baseDelay: Duration = .milliseconds(2)) {
            self.attempts = attempts
            self.baseDelay = baseDelay
        }
    }

    /// Opens a pool of `size` connections to `url` (connected lazily) and applies `features`' migrations once,
    /// under an advisory lock, so servers starting together do not race.
    public static func open(
        url: String, features: [PostgresFeatureMigrations], size: Int = 8, retry: RetryPolicy = RetryPolicy()
    ) async throws(StorageError) -> PostgresDatabase {
        let database = PostgresDatabase(url: url, size: size, retry: retry)
        try await database.migrate(features)
        return database
    }

    init(url: String, size: Int, retry: RetryPolicy) {
        self.url = url
        displayName = Self.redacted(url)
        pool = PostgresPool(size: size)
        self.retry = retry
    }

    /// The counters so far.
    public var counters: Counters { counting.withLock { $0 } }

    /// Connections in use and callers waiting for one, now.
    public func poolUsage() async -> (inUse: Int, waiting: Int) { pool.usage() }

    // MARK: - Transactions

    /// Runs `body` in one read-only transaction over one snapshot of committed data.
    ///
    /// REPEATABLE READ, not SERIALIZABLE: a transaction that writes nothing cannot break a rule, and under
    /// SERIALIZABLE every read would take predicate locks that writers must check and that can make a reader or a
    /// writer fail and run again, which is what a look's p99 under concurrent writes suffers from.
    public func read<T: Sendable>(_ body: @Sendable (PostgresConnection) throws -> T) async throws -> T {
        try await transaction(readOnly: true, body)
    }

    /// Runs `body` in one SERIALIZABLE transaction: all of its writes are kept, or none. On a serialization
    /// failure or a deadlock the whole body runs again, so it must have no effect outside its transaction.
    public func write<T: Sendable>(_ body: @Sendable (PostgresConnection) throws -> T) async throws -> T {
        try await transaction(readOnly: false, body)
    }

    private func transaction<T: Sendable>(
        readOnly: Bool, _ body: @Sendable (PostgresConnection) throws -> T
    ) async throws -> T {
        let slot = await pool.acquire()
        let result: Result<T, any Error>
        do {
            // `body` runs to its end before `run` returns: it never outlives this call.
            result = .success(
                try await withoutActuallyEscaping(body) { body in
                    try await slot.run { [self] in try runTransaction(on: slot, readOnly: readOnly, body) }
                })
        } catch {
            result = .failure(error)
        }
        pool.release(slot)
        return try result.get()
    }

    /// On the slot's queue: connects when needed, then runs the body, again while it loses to others.
    private func runTransaction<T>(
        on slot: PostgresPool.Slot, readOnly: Bool, _ body: (PostgresConnection) throws -> T
    ) throws -> T {
        var attempt = 1
        while true {
            let connection = try connection(of: slot)
            do {
                connection.begin(
                    readOnly ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN ISOLATION LEVEL SERIALIZABLE")
                let value: T
                do {
                    value = try body(connection)
                } catch let error as PostgresError {
                    throw error
                } catch {
                    // A domain refusal: nothing it wrote stays.
                    connection.rollback()
                    throw error
                }
                try connection.commit(waiting: !readOnly)
                return value
            } catch let error as PostgresError {
                if connection.isHealthy { connection.rollback() }
                if error.isConnectionFailure || !connection.isHealthy {
                    connection.close()
                    counting.withLock { $0.replaced += 1 }
                    throw StorageError(.unavailable, "The database is not available. Please try again.")
                }
                guard error.isRetryable else { throw Self.storageError(error) }
                guard attempt < retry.attempts else {
                    counting.withLock { $0.exhausted += 1 }
                    throw StorageError(.busy, "The database is busy. Please try again.")
                }
                counting.withLock { $0.retries += 1 }
                Thread.sleep(forTimeInterval: jitteredDelay(attempt: attempt))
                attempt += 1
            }
        }
    }

    /// The slot's connection, opened (again) when it has none or it broke.
    private func connection(of slot: PostgresPool.Slot) throws(StorageError) -> PostgresConnection {
        if let connection = slot.connection, connection.isHealthy { return connection }
        if slot.connection != nil { counting.withLock { $0.replaced += 1 } }
        slot.connection = nil
        do {
            let connection = try PostgresConnection(url: url)
            counting.withLock { $0.connects += 1 }
            slot.connection = connection
            return connection
        } catch {
            throw StorageError(.unavailable, "The database is not available. Please try again.")
        }
    }

    private func jitteredDelay(attempt: Int) -> TimeInterval {
        let base = Double(retry.baseDelay.components.attoseconds) / 1e18 + Double(retry.baseDelay.components.seconds)
        let ceiling = base * Double(1 << min(attempt - 1, 10))
        return Double.random(in: 0...ceiling)
    }

    /// A statement error that is not a lost race: a bug or a schema out of step, said plainly to the log.
    static func storageError(_ error: PostgresError) -> StorageError {
        StorageError(.failed, "The database refused a statement (\(error.sqlState ?? "no SQLSTATE")).")
    }
}

extension PostgresDatabase {
    /// Whether the database answers a trivial query now (for `/health`); never throws.
    public func answers() async -> Bool {
        (try? await read { try $0.first("SELECT 1")?.int(0) }) == 1
    }
}
