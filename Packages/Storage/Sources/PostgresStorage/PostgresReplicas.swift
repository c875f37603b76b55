import Foundation
import Storage
import Synchronization

// MARK: - Reads on streaming replicas

/// Monotonic time, as replica routing reads it: `ContinuousClock` in a server, a clock a test moves on in its tests.
public protocol MonotonicClock: Sendable {
    var now: ContinuousClock.Instant { get }
}

extension ContinuousClock: MonotonicClock {}

extension PostgresDatabase {
    /// Streaming replicas (hot standbys of the primary) that read-only transactions may run on.
    public struct Replicas: Sendable {
        /// Each replica's libpq URI.
        public var urls: [String]
        /// How long a replica may stay behind every read that comes to it before reads stop trying it: after that,
        /// one read a `maxLag` asks it again, the others go straight to the primary.
        public var maxLag: Duration
        /// How long a read waits for a replica to replay what it needs before it goes to the primary. Every read
        /// needs the primary's position at its start, so under writes a replica is usually a fraction of a
        /// millisecond short: a short wait lets it serve, where going to the primary at once would leave it idle.
        public var wait: Duration
        /// How long a replica that failed (down, refusing) is left alone before a read tries it again.
        public var downFor: Duration
        /// The time `maxLag` and `downFor` are kept by: the system's monotonic clock; a test gives one it moves on.
        /// (A read's `wait` for a replica to replay polls the real server, so it is real time.)
        public var clock: any MonotonicClock

        public init(
            urls: [String] = [], maxLag: Duration = .seconds(1), wait: Duration = .milliseconds(10),
            downFor: Duration = .seconds(1), clock: any MonotonicClock = ContinuousClock()
        ) {
            self.urls = urls
            self.maxLag = maxLag
            self.wait = wait
            self.downFor = downFor
            self.clock = clock
        }
    }

    /// A replica as operators watch it (see `/metrics`).
    public struct ReplicaStatus: Sendable, Equatable {
        /// Where it is (never with a password).
        public var name: String
        /// How long it has been behind the reads that came to it; zero when it last had what they needed.
        public var lag: Duration
        /// How many bytes of WAL it was behind the last read that found it behind; zero when caught up.
        public var lagBytes: UInt64
        /// Whether reads may try it now (not down, not lagging past `maxLag`).
        public var available: Bool
    }

    /// Every replica's state now.
    public func replicaStatuses() -> [ReplicaStatus] {
        let now = replicaClock.now
        return replicas.map { $0.status(at: now, maxLag: replicaMaxLag) }
    }

    /// A read that may run on a replica. It does only when the replica has replayed the primary's WAL at least up
    /// to where it stood when this read began (asked of the primary, see `PrimaryPositions`): so a replica never
    /// answers with anything older than what the primary would have answered at the moment the read began. That
    /// covers a session ended or a grant revoked on any server before this request came, whether or not the caller
    /// sent a position (every read checks a session or access, so no read is let off).
    ///
    /// The request's `Kith-Read-After` position is a commit the caller saw before this request, so it is never past
    /// that fence, and a replica that reached the fence has it too. One past it is no position this primary gave
    /// before the read began (forged, or another database's): the read goes to the primary, without waiting for the
    /// replica or counting it behind, so that no client can make the replica look late to everyone else.
    ///
    /// Otherwise, and when the replica fails, the read runs on the primary, after waiting at most `Replicas.wait`
    /// for the replica to catch up: a failed replica costs one read run again, never an error.
    func routedRead<T: Sendable>(_ body: @Sendable (any SQLConnection) throws -> T) async throws -> T {
        let readAfter = CausalContext.current?.readAfter
        if let replica = chosenReplica(at: replicaClock.now), let fence = await primaryPositions.current(),
            readAfter.map({ $0 <= fence }) ?? true
        {
            if case .served(let value) = try await read(on: replica, needed: fence, body) { return value }
        }
        return try await primaryRead(body)
    }

    /// The next replica in turn that admits reads now, if any.
    private func chosenReplica(at now: ContinuousClock.Instant) -> PostgresReplica? {
        let start = Int(nextReplica.wrappingAdd(1, ordering: .relaxed).oldValue % UInt(replicas.count))
        for offset in 0..<replicas.count {
            let replica = replicas[(start + offset) % replicas.count]
            if replica.admits(at: now, maxLag: replicaMaxLag) { return replica }
        }
        return nil
    }

    /// What a replica made of a read.
    private enum ReplicaOutcome<T> {
        /// It ran the body: its value, or the refusal the body threw (the replica had what the read needed, so the
        /// refusal stands).
        case served(T)
        case refused(any Error)
        /// It had not replayed what the read needed.
        case behind
        /// It failed; `down` when the replica itself is gone (left alone for `Replicas.downFor`).
        case failed(down: Bool)
    }

    private enum ReplicaAnswer<T> {
        case served(T)
        case skipped
    }

    /// Runs `body` on `replica` when it has replayed `needed`.
    private func read<T: Sendable>(
        on replica: PostgresReplica, needed: CommitPosition, _ body: @Sendable (any SQLConnection) throws -> T
    ) async throws -> ReplicaAnswer<T> {
        guard let slot = await replica.pool.acquire(waitingAtMost: timeouts.pool) else { return .skipped }
        let outcome: ReplicaOutcome<T>
        do {
            outcome = try await withoutActuallyEscaping(body) { body in
                try await slot.run { [self] in runOnReplica(slot, replica, needed: needed, body) }
            }
        } catch {
            outcome = .failed(down: true)
        }
        replica.pool.release(slot)
        switch outcome {
        case .served(let value):
            counting.withLock { $0.replicaReads += 1 }
            return .served(value)
        case .refused(let error):
            counting.withLock { $0.replicaReads += 1 }
            throw error
        case .behind:
            counting.withLock { $0.replicaBehind += 1 }
            return .skipped
        case .failed(let down):
            counting.withLock { $0.replicaFailures += 1 }
            if down { replica.noteDown(until: replicaClock.now + replicaDownFor) }
            return .skipped
        }
    }

    /// On the replica slot's queue: asks how far the replica has replayed (unless this connection already saw it
    /// past `needed`), then runs the body in one read-only snapshot.
    ///
    /// The replayed position is asked before the transaction begins, never inside it: a snapshot is taken at the
    /// transaction's first statement, so it holds at least what was replayed when the answer was given; a position
    /// asked inside could be newer than the snapshot.
    private func runOnReplica<T>(
        _ slot: PostgresPool.Slot, _ replica: PostgresReplica, needed: CommitPosition,
        _ body: (PostgresConnection) throws -> T
    ) -> ReplicaOutcome<T> {
        var opened: PostgresConnection?
        do {
            let connection = try connection(of: slot, url: replica.url)
            opened = connection
            if let replayed = connection.replayedAtLeast, replayed >= needed {
                replica.noteCaughtUp()
            } else {
                // Real time: this polls the replica itself.
                let deadline = ContinuousClock.now + replicaWait
                while true {
                    let row = try connection.first("SELECT pg_is_in_recovery(), pg_last_wal_replay_lsn()")
                    // Promoted: it no longer follows the primary, so nothing it says is the primary's history.
                    guard row?[0] == "t" else {
                        connection.close()
                        slot.connection = nil
                        return .failed(down: true)
                    }
                    let replayed = row?[1].flatMap(CommitPosition.init)
                    connection.replayedAtLeast = replayed
                    if let replayed, replayed >= needed { break }
                    guard ContinuousClock.now < deadline else {
                        replica.noteBehind(
                            by: needed.value - min(replayed?.value ?? 0, needed.value), at: replicaClock.now)
                        return .behind
                    }
                    Thread.sleep(forTimeInterval: 0.000_5)
                }
                replica.noteCaughtUp()
            }
            connection.begin("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            let value: T
            do {
                value = try body(connection)
            } catch let error as PostgresError {
                throw error
            } catch {
                connection.rollback()
                return .refused(error)
            }
            try connection.commit(waiting: false)
            return .served(value)
        } catch {
            // A statement the standby cancelled (a conflict with replay) leaves the replica usable; a broken
            // connection, or none at all, does not.
            let down = opened.map { !$0.isHealthy } ?? true
            if let opened, opened.isHealthy { opened.rollback() }
            opened?.close()
            slot.connection = nil
            return .failed(down: down || (error as? PostgresError)?.isConnectionFailure == true)
        }
    }
}

/// One streaming replica: its pool and what reads found out about it.
final class PostgresReplica: Sendable {
    let url: String
    let displayName: String
    let pool: PostgresPool

    private struct State {
        /// Until when reads leave it alone, after it failed.
        var downUntil: ContinuousClock.Instant?
        /// Since when every read that asked found it behind; nil when the last one found it caught up.
        var behindSince: ContinuousClock.Instant?
        /// When a read last tried it while it lagged past the bound.
        var lastProbe: ContinuousClock.Instant?
        var lagBytes: UInt64 = 0
    }

    private let state = Mutex(State())

    init(url: String, displayName: String, size: Int) {
        self.url = url
        self.displayName = displayName
        pool = PostgresPool(size: size)
    }

    /// Whether a read may try it now; a replica lagging past `maxLag` admits one read a `maxLag`, to find out
    /// whether it caught up.
    func admits(at now: ContinuousClock.Instant, maxLag: Duration) -> Bool {
        state.withLock { state in
            if let until = state.downUntil, now < until { return false }
            guard let since = state.behindSince, now - since > maxLag else { return true }
            if let probe = state.lastProbe, now - probe < maxLag { return false }
            state.lastProbe = now
            return true
        }
    }

    func noteCaughtUp() {
        state.withLock { state in
            state.behindSince = nil
            state.lagBytes = 0
        }
    }

    func noteBehind(by bytes: UInt64, at now: ContinuousClock.Instant) {
        state.withLock { state in
            state.behindSince = state.behindSince ?? now
            state.lagBytes = bytes
        }
    }

    func noteDown(until: ContinuousClock.Instant) {
        state.withLock { $0.downUntil = until }
    }

    func status(at now: ContinuousClock.Instant, maxLag: Duration) -> PostgresDatabase.ReplicaStatus {
        state.withLock { state in
            let lag = state.behindSince.map { now - $0 } ?? .zero
            let down = state.downUntil.map { now < $0 } ?? false
            return PostgresDatabase.ReplicaStatus(
                name: displayName, lag: lag, lagBytes: state.lagBytes, available: !down && lag <= maxLag)
        }
    }
}

/// Where the primary's WAL stands (`pg_current_wal_flush_lsn()`), asked on a connection of its own for the reads
/// that may go to a replica.
///
/// A read needs a position asked after it began; reads that come while a question is out wait for the next one,
/// which is sent after they came and answers all of them at once. Under load that is one short question per round
/// trip, whatever the number of reads.
final class PrimaryPositions: Sendable {
    private let url: String
    private let timeouts: PostgresDatabase.Timeouts
    private let slot = PostgresPool.Slot(index: -3)

    private struct State {
        var asking = false
        /// The reads waiting for the next question's answer.
        var waiting: [CheckedContinuation<CommitPosition?, Never>] = []
    }

    private let state = Mutex(State())

    init(url: String, timeouts: PostgresDatabase.Timeouts) {
        self.url = url
        self.timeouts = timeouts
    }

    /// The primary's flushed WAL position, asked after this call began; nil when the primary did not answer.
    func current() async -> CommitPosition? {
        await withCheckedContinuation { continuation in
            let asks = state.withLock { state -> Bool in
                state.waiting.append(continuation)
                guard !state.asking else { return false }
                state.asking = true
                return true
            }
            if asks { ask() }
        }
    }

    /// Asks for the reads waiting now; when it has the answer, asks again for those that came meanwhile.
    private func ask() {
        let waiting = state.withLock { state in
            defer { state.waiting = [] }
            return state.waiting
        }
        slot.thread.submit { [self] in
            let position = fetch()
            for continuation in waiting { continuation.resume(returning: position) }
            let again = state.withLock { state -> Bool in
                guard !state.waiting.isEmpty else {
                    state.asking = false
                    return false
                }
                return true
            }
            if again { ask() }
        }
    }

    /// On the slot's queue. Flushed, not written or inserted: a commit the primary acknowledged or shows is flushed
    /// (`synchronous_commit` on, PostgreSQL's default), and a standby can only replay what was flushed.
    private func fetch() -> CommitPosition? {
        do {
            if slot.connection?.isHealthy != true {
                slot.connection = nil
                slot.connection = try PostgresConnection(
                    url: url, timeouts: .init(connect: timeouts.connect, answer: timeouts.answer))
            }
            return try slot.connection?.first("SELECT pg_current_wal_flush_lsn()")?[0].flatMap(CommitPosition.init)
        } catch {
            slot.connection?.close()
            slot.connection = nil
            return nil
        }
    }
}
