import Dispatch
import Foundation
import Storage
import Synchronization

/// A fixed number of connection slots, each with a thread of its own: a transaction holds one slot for its whole
/// run, and callers beyond the pool's size wait their turn in order.
///
/// A lock rather than an actor: taking a free slot and giving it back are a few instructions, and every transaction
/// does both, so neither should cost a hop to another executor.
final class PostgresPool: Sendable {
    /// One connection's place: the thread every statement on it runs on, and the connection once opened.
    final class Slot: @unchecked Sendable {
        let thread: SlotThread
        /// Only touched on `thread`.
        var connection: PostgresConnection?

        init(index: Int) {
            thread = SlotThread(name: "kith.postgres.\(index)")
        }

        /// Runs `work` on this slot's thread and returns its result. `work` is released before the caller resumes,
        /// so a caller may pass a closure that is only escaping for the length of this call.
        func run<T>(_ work: @escaping () throws -> T) async throws -> T {
            try await withCheckedThrowingContinuation { continuation in
                let box = WorkBox(work)
                thread.submit {
                    let result: Result<T, any Error>
                    do {
                        result = .success(try box.run())
                    } catch {
                        result = .failure(error)
                    }
                    continuation.resume(with: result)
                }
            }
        }
    }

    private struct State {
        var free: [Slot]
        /// Callers waiting for a slot, in order, each with when its wait ends.
        var waiters: [Waiter] = []
        /// Whether a sweep of expired waiters is scheduled (see `sweep`).
        var sweeping = false
    }

    private struct Waiter {
        let deadline: ContinuousClock.Instant
        let continuation: CheckedContinuation<Slot?, Never>
    }

    private let state: Mutex<State>
    let size: Int

    init(size: Int) {
        self.size = size
        state = Mutex(State(free: (0..<size).map { Slot(index: $0) }))
    }

    /// A free slot, waiting for one when all are in use, but no longer than `limit`: nil then. Slots stay taken as
    /// long as a database that stopped answering keeps their transactions waiting, and a caller must hear so within
    /// seconds, not wait in line behind them.
    ///
    /// A wait sets no timer of its own: one sweep, scheduled while anyone waits, ends the waits that are over (see
    /// `sweep`). A busy server has callers waiting all the time, and a timer for each (Dispatch's timer queue,
    /// woken through an eventfd to add it, and again when it fires long after its wait ended) cost more than the
    /// wait itself.
    func acquire(waitingAtMost limit: Duration) async -> Slot? {
        if let slot = state.withLock({ $0.free.popLast() }) { return slot }
        return await withCheckedContinuation { continuation in
            // A slot may have come back since the first look: take it, or wait in line.
            let deadline = ContinuousClock.now + limit
            let (slot, schedule) = state.withLock { state -> (Slot?, Bool) in
                if let slot = state.free.popLast() { return (slot, false) }
                state.waiters.append(Waiter(deadline: deadline, continuation: continuation))
                guard !state.sweeping else { return (nil, false) }
                state.sweeping = true
                return (nil, true)
            }
            if let slot { return continuation.resume(returning: slot) }
            if schedule { scheduleSweep(at: deadline) }
        }
    }

    /// Ends the waits that are over (their callers get nil), then comes back at the earliest deadline of those still
    /// waiting, if any.
    private func sweep() {
        let now = ContinuousClock.now
        let (expired, next) = state.withLock { state -> ([Waiter], ContinuousClock.Instant?) in
            var expired: [Waiter] = []
            state.waiters.removeAll { waiter in
                guard waiter.deadline <= now else { return false }
                expired.append(waiter)
                return true
            }
            let next = state.waiters.map(\.deadline).min()
            state.sweeping = next != nil
            return (expired, next)
        }
        for waiter in expired { waiter.continuation.resume(returning: nil) }
        if let next { scheduleSweep(at: next) }
    }

    private func scheduleSweep(at deadline: ContinuousClock.Instant) {
        let (seconds, attoseconds) = max(deadline - ContinuousClock.now, .zero).components
        let delay = DispatchTimeInterval.nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in sweep() }
    }

    /// Gives `slot` to the next waiter, or back to the free list.
    func release(_ slot: Slot) {
        let waiter = state.withLock { state -> CheckedContinuation<Slot?, Never>? in
            guard !state.waiters.isEmpty else {
                state.free.append(slot)
                return nil
            }
            return state.waiters.removeFirst().continuation
        }
        waiter?.resume(returning: slot)
    }

    /// Slots in use and callers waiting.
    func usage() -> (inUse: Int, waiting: Int) {
        state.withLock { (size - $0.free.count, $0.waiters.count) }
    }
}

/// A thread that runs the jobs given to it one at a time, in order: a slot's, so its connection is only ever used
/// from one thread, and its blocking libpq calls never hold a thread of the event loops or of Swift's cooperative pool.
///
/// A thread of its own rather than a serial DispatchQueue: a queue's jobs run on Dispatch's overcommit pool, which
/// under a steady load of short transactions kept two or three times as many threads as there are slots coming and
/// going, each hand-over waking one through the root queue's semaphore. Here a job wakes the slot's own thread at
/// most (no call at all while it is busy). It starts with the first job and ends after `idleExit` without one, so
/// slots that are seldom used (a migration's) hold no thread.
///
/// The queue is behind a `Mutex` and a sleeping thread waits on a semaphore, not on a condition variable. With
/// `NSCondition` a hand-over cost about three futex calls: the signal was made while the lock was held, so the woken
/// thread blocked again on the lock, and glibc takes a mutex back after a condition wait in its contended state, so
/// the thread's next unlock was a system call too. Now a hand-over to a sleeping thread is one wake and one wait:
/// kith-server made 5.5 futex calls per look on PostgreSQL before, 2.5 after (`perf stat -e syscalls:sys_enter_futex`
/// under `wrk -c16`), and 4.2 context switches per look instead of 4.8. Its CPU per look did not measurably change
/// (347 µs before, 364 after, on a machine whose speed drifts by more than that).
final class SlotThread: Sendable {
    private struct State {
        var jobs: [@Sendable () -> Void] = []
        var next = 0
        var alive = false
        /// The thread waits on `wake`, or is about to: the next `submit` signals it.
        var sleeping = false
    }

    private let name: String
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    static let idleExit: TimeInterval = 30

    init(name: String) { self.name = name }

    /// Runs `job` on this thread after the jobs given before it.
    func submit(_ job: @escaping @Sendable () -> Void) {
        let (start, signal) = state.withLock { state -> (Bool, Bool) in
            state.jobs.append(job)
            let start = !state.alive
            state.alive = true
            let signal = state.sleeping
            state.sleeping = false
            return (start, signal)
        }
        if signal { wake.signal() }
        if start {
            let thread = Thread { [self] in loop() }
            thread.name = name
            thread.start()
        }
    }

    private func loop() {
        while true {
            let job = state.withLock { state -> (@Sendable () -> Void)? in
                guard state.next < state.jobs.count else {
                    state.jobs.removeAll(keepingCapacity: true)
                    state.next = 0
                    state.sleeping = true
                    return nil
                }
                state.next += 1
                return state.jobs[state.next - 1]
            }
            if let job {
                job()
                continue
            }
            guard wake.wait(timeout: .now() + Self.idleExit) == .timedOut else { continue }
            let exits = state.withLock { state -> Bool in
                // A `submit` that came as the wait ended has taken the thread off `sleeping` and signals: the signal
                // is waited for below, so the semaphore stays at zero for the next sleep.
                guard state.sleeping else { return false }
                state.sleeping = false
                state.alive = false
                return true
            }
            if exits { return }
            wake.wait()
        }
    }
}
