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
public final class PostgresDatabase: SQLDatabase {
    public var dialect: SQLDialect { .postgres }

    /// Where the database is (for logs, never with a password).
    public let displayName: String
    let url: String
    let pool: PostgresPool
    let retry: RetryPolicy
    let timeouts: Timeouts
    /// The connection `answers()` asks on, apart from the pool.
    let healthSlot = PostgresPool.Slot(index: -2)
    /// When `answers()` last had its answer.
    let lastAnswered = Mutex<ContinuousClock.Instant?>(nil)
    let counting = Mutex(Counters())
    /// Streaming replicas that read-only transactions may run on (see `read`); none by default.
    let replicas: [PostgresReplica]
    /// How long a replica may stay behind the reads that come to it before they stop coming (`--replica-max-lag`).
    let replicaMaxLag: Duration
    /// How long a read waits for a replica to catch up.
    let replicaWait: Duration
    /// How long a failed replica is left alone.
    let replicaDownFor: Duration
    /// The time replica routing keeps (`Replicas.clock`).
    let replicaClock: any MonotonicClock
    /// Where the primary's WAL stands, asked once for every read that may go to a replica.
    let primaryPositions: PrimaryPositions
    /// The replica the next read tries first (round robin).
    let nextReplica = Atomic<UInt>(0)

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
        /// Transactions run again whole on a new connection after theirs broke before they could commit.
        public var reconnectedRetries = 0
        /// Callers that found every connection in use past `Timeouts.pool`.
        public var poolTimeouts = 0
        /// Read-only transactions run on the primary.
        public var primaryReads = 0
        /// Read-only transactions run on a replica.
        public var replicaReads = 0
        /// Reads a replica did not serve, and the primary did instead, because it had not replayed what they needed.
        public var replicaBehind = 0
        /// Reads a replica did not serve because it failed (down, refusing, cancelled, or no longer a standby).
        public var replicaFailures = 0
    }

    /// How long to keep running a transaction that loses to concurrent ones, and how long to wait between runs.
    ///
    /// Bounded by time, not by a count of runs: under ordinary contention (every write of one account bumps that
    /// account's version row) a transaction may lose a dozen times in a row while others win, and it must still
    /// succeed. The waits grow from `baseDelay`, doubling, up to `maxDelay`, each drawn at random below its ceiling
    /// (full jitter, so losers spread out); no new run starts once `budget` has passed since the first began.
    public struct RetryPolicy: Sendable {
        /// How long after its first run began a transaction may start another.
        public var budget: Duration
        /// The ceiling of the wait before the second run; it doubles each time, up to `maxDelay`.
        public var baseDelay: Duration
        /// The largest ceiling of a wait: a transaction that lost many times keeps trying often, rather than sleep
        /// through the moments when it would win.
        public var maxDelay: Duration

        public init(
            budget: Duration = .seconds(5), baseDelay: Duration = .milliseconds(2),
            maxDelay: Duration = .milliseconds(50)
        ) {
            self.budget = budget
            self.baseDelay = baseDelay
            self.maxDelay = maxDelay
        }

        /// How long to wait before the next run after run `attempt` lost, `elapsed` after the first began; nil to
        /// give up.
        func delay(afterAttempt attempt: Int, elapsed: Duration) -> TimeInterval? {
            guard elapsed < budget else { return nil }
            func seconds(_ duration: Duration) -> Double {
                Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            }
            let ceiling = min(seconds(baseDelay) * Double(1 << min(attempt - 1, 20)), seconds(maxDelay))
            return Double.random(in: 0...ceiling)
        }
    }

    /// How long a caller waits for the database before it hears "not available": a database that stops answering
    /// (paused, or cut off) costs a request seconds, never as long as it is gone.
    public struct Timeouts: Sendable {
        /// To connect (`connect_timeout`'s role, enforced by the client).
        public var connect: Duration
        /// For the answer of each exchange (a statement, or a pipeline of them), measured by the client: the
        /// connection is then closed, since its state is unknown.
        public var answer: Duration
        /// For a free connection of the pool, when all are in use.
        public var pool: Duration
        /// For the answer of each exchange while migrating at start (a step may rebuild a large table).
        public var migration: Duration
        /// To connect, and for the answer, of `answers()`'s question.
        public var health: Duration

        public init(
            connect: Duration = .seconds(3), answer: Duration = .seconds(5), pool: Duration = .seconds(5),
            migration: Duration = .seconds(60), health: Duration = .seconds(5)
        ) {
            self.connect = connect
            self.answer = answer
            self.pool = pool
            self.migration = migration
            self.health = health
        }
    }

    /// Opens a pool of `size` connections to `url` (connected lazily) and applies `features`' migrations once,
    /// under an advisory lock, so servers starting together do not race.
    public static func open(
        url: String, features: [FeatureMigrations], size: Int = 8, retry: RetryPolicy = RetryPolicy(),
        timeouts: Timeouts = Timeouts(), replicas: Replicas = Replicas()
    ) async throws(StorageError) -> PostgresDatabase {
        let database = PostgresDatabase(url: url, size: size, retry: retry, timeouts: timeouts, replicas: replicas)
        try await database.migrate(features)
        return database
    }

    init(url: String, size: Int, retry: RetryPolicy, timeouts: Timeouts, replicas: Replicas = Replicas()) {
        self.url = url
        displayName = Self.redacted(url)
        pool = PostgresPool(size: size)
        self.retry = retry
        self.timeouts = timeouts
        self.replicas = replicas.urls.map { PostgresReplica(url: $0, displayName: Self.redacted($0), size: size) }
        replicaMaxLag = replicas.maxLag
        replicaDownFor = replicas.downFor
        replicaWait = replicas.wait
        replicaClock = replicas.clock
        primaryPositions = PrimaryPositions(url: url, timeouts: timeouts)
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
    ///
    /// With replicas, it runs on one when that replica has replayed what the read must see (see `routedRead`), else
    /// on the primary.
    public func read<T: Sendable>(_ body: @Sendable (any SQLConnection) throws -> T) async throws -> T {
        guard replicas.isEmpty else { return try await routedRead(body) }
        return try await primaryRead(body)
    }

    /// `read` on the primary.
    func primaryRead<T: Sendable>(_ body: @Sendable (any SQLConnection) throws -> T) async throws -> T {
        counting.withLock { $0.primaryReads += 1 }
        return try await transaction(readOnly: true) { try body($0) }
    }

    /// Runs `body` in one SERIALIZABLE transaction: all of its writes are kept, or none. On a serialization
    /// failure or a deadlock the whole body runs again, so it must have no effect outside its transaction.
    public func write<T: Sendable>(_ body: @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try await transaction(readOnly: false) { try body($0) }
    }

    /// `write`: every commit is durable here (`synchronous_commit` is the server's to set), so `synchronous` changes
    /// nothing.
    public func write<T: Sendable>(synchronous: Bool, _ body: @Sendable (any SQLConnection) throws -> T)
        async throws -> T
    {
        try await write(body)
    }

    private func transaction<T: Sendable>(
        readOnly: Bool, _ body: @Sendable (PostgresConnection) throws -> T
    ) async throws -> T {
        // Task-local values do not reach the slot's thread: the request's context is taken here.
        let causal = replicas.isEmpty || readOnly ? nil : CausalContext.current
        guard let slot = await pool.acquire(waitingAtMost: timeouts.pool) else {
            counting.withLock { $0.poolTimeouts += 1 }
            throw StorageError(.unavailable, "The database is not available. Please try again.")
        }
        let result: Result<T, any Error>
        do {
            // `body` runs to its end before `run` returns: it never outlives this call.
            result = .success(
                try await withoutActuallyEscaping(body) { body in
                    try await slot.run { [self] in
                        try runTransaction(on: slot, readOnly: readOnly, causal: causal, body)
                    }
                })
        } catch {
            result = .failure(error)
        }
        pool.release(slot)
        return try result.get()
    }

    /// On the slot's queue: connects when needed, then runs the body, again while it loses to others.
    ///
    /// A connection that breaks (a backend terminated, a server restarted since the connection was pooled) is
    /// replaced and the whole body runs again once on the new one, when the transaction cannot have committed: it
    /// only read, or its COMMIT had not gone out (the server rolls back a transaction whose connection ends, and a
    /// body may run again whole, as on a serialization failure). A connection lost after the COMMIT went out leaves
    /// the outcome unknown, and one that timed out means the database is not answering: both are "not available".
    ///
    /// With `causal`, a commit's WAL position is asked in the COMMIT's round trip and recorded there, for the
    /// request's answer to carry.
    private func runTransaction<T>(
        on slot: PostgresPool.Slot, readOnly: Bool, causal: CausalContext?, _ body: (PostgresConnection) throws -> T
    ) throws -> T {
        let started = ContinuousClock.now
        var attempt = 1
        var reconnected = false
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
                if let causal {
                    if let position = try connection.commitReturningPosition() { causal.recordCommit(at: position) }
                } else {
                    try connection.commit(waiting: !readOnly)
                }
                return value
            } catch let error as PostgresError {
                // No ROLLBACK after a COMMIT that failed: it ended the transaction (`rollback` knows).
                if connection.isHealthy { connection.rollback() }
                if error.isConnectionFailure || !connection.isHealthy {
                    let mayHaveCommitted = !readOnly && connection.commitSent
                    connection.close()
                    slot.connection = nil
                    counting.withLock { $0.replaced += 1 }
                    if !reconnected && !error.timedOut && !mayHaveCommitted {
                        reconnected = true
                        counting.withLock { $0.reconnectedRetries += 1 }
                        continue
                    }
                    throw StorageError(.unavailable, "The database is not available. Please try again.")
                }
                if error.isUnavailable {
                    if error.isReadOnly {
                        // A failover may have left this connection on a standby: the next one may reach the primary.
                        connection.close()
                        slot.connection = nil
                        counting.withLock { $0.replaced += 1 }
                    }
                    throw StorageError(
                        .unavailable,
                        "The database cannot do this now (\(error.sqlState ?? "no SQLSTATE")). Please try again.")
                }
                guard error.isRetryable else { throw Self.storageError(error) }
                let elapsed = ContinuousClock.now - started
                guard let delay = retry.delay(afterAttempt: attempt, elapsed: elapsed) else {
                    counting.withLock { $0.exhausted += 1 }
                    throw StorageError(.busy, "The database is busy. Please try again.")
                }
                counting.withLock { $0.retries += 1 }
                Thread.sleep(forTimeInterval: delay)
                attempt += 1
            }
        }
    }

    /// The slot's connection to `url` (the primary's unless given), opened (again) when it has none or it broke.
    func connection(of slot: PostgresPool.Slot, url: String? = nil) throws(StorageError) -> PostgresConnection {
        if let connection = slot.connection, connection.isHealthy { return connection }
        if slot.connection != nil { counting.withLock { $0.replaced += 1 } }
        slot.connection = nil
        do {
            let connection = try PostgresConnection(
                url: url ?? self.url, timeouts: .init(connect: timeouts.connect, answer: timeouts.answer))
            counting.withLock { $0.connects += 1 }
            slot.connection = connection
            return connection
        } catch {
            throw StorageError(.unavailable, "The database is not available. Please try again.")
        }
    }

    /// A statement error that is not a lost race: a bug or a schema out of step, said plainly to the log.
    static func storageError(_ error: PostgresError) -> StorageError {
        StorageError(.failed, "The database refused a statement (\(error.sqlState ?? "no SQLSTATE")).")
    }
}

extension PostgresDatabase {
    /// Whether the database answers a trivial query now (for `/health`); never throws.
    ///
    /// On a connection of its own, not the pool's: a health check must not wait in line behind the callers of a
    /// busy pool (the database answers; the server is only busy), nor hold a connection they wait for. It waits up
    /// to `Timeouts.health` to connect and as long again for the answer. Slow is not down: a question that times out
    /// is still "answers" while the last answer is less than twice that old. On two cores saturated by a load test of
    /// `/health`, PostgreSQL itself answered in 0.1-8 s now and then (`psql -c 'select 1'` from outside took up to
    /// 5.9 s), and a load balancer must not take that for a failure; a database that stops answering is reported
    /// within about two deadlines, and one that refuses (down, restarting) at once. `/health` never waits for this
    /// question but the first time (see `HealthRoutes`).
    public func answers() async -> Bool {
        let (url, timeouts, slot) = (url, timeouts, healthSlot)
        do {
            let answer = try await slot.run { () throws -> Int? in
                if slot.connection?.isHealthy != true {
                    slot.connection = nil
                    slot.connection = try PostgresConnection(
                        url: url, timeouts: .init(connect: timeouts.health, answer: timeouts.health))
                }
                return try slot.connection?.first("SELECT 1")?.int(0)
            }
            guard answer == 1 else { return false }
            lastAnswered.withLock { $0 = ContinuousClock.now }
            return true
        } catch let error as PostgresError where error.timedOut {
            let grace = timeouts.health * 2
            return lastAnswered.withLock { $0.map { ContinuousClock.now - $0 < grace } ?? false }
        } catch {
            return false
        }
    }
}
