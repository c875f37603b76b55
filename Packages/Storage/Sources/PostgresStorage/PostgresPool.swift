import Dispatch
import Storage
import Synchronization

/// A fixed number of connection slots, each with its own serial queue: a transaction holds one slot for its whole
/// run, and callers beyond the pool's size wait their turn in order.
///
/// A lock rather than an actor: taking a free slot and giving it back are a few instructions, and every transaction
/// does both, so neither should cost a hop to another executor.
final class PostgresPool: Sendable {
    /// One connection's place: the queue every statement on it runs on, and the connection once opened.
    final class Slot: @unchecked Sendable {
        let queue: DispatchQueue
        /// Only touched on `queue`.
        var connection: PostgresConnection?

        init(index: Int) {
            queue = DispatchQueue(label: "kith.postgres.\(index)")
        }

        /// Runs `work` on this slot's queue and returns its result. `work` is released before the caller resumes,
        /// so a caller may pass a closure that is only escaping for the length of this call.
        func run<T>(_ work: @escaping () throws -> T) async throws -> T {
            try await withCheckedThrowingContinuation { continuation in
                let box = WorkBox(work)
                queue.async {
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
        /// Callers waiting for a slot, in order, each with the number that finds it when its wait ends.
        var waiters: [(number: UInt64, continuation: CheckedContinuation<Slot?, Never>)] = []
        var nextWaiter: UInt64 = 0
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
    func acquire(waitingAtMost limit: Duration) async -> Slot? {
        if let slot = state.withLock({ $0.free.popLast() }) { return slot }
        return await withCheckedContinuation { continuation in
            // A slot may have come back since the first look: take it, or wait in line.
            let taken = state.withLock { state -> (slot: Slot?, number: UInt64) in
                if let slot = state.free.popLast() { return (slot, 0) }
                let number = state.nextWaiter
                state.nextWaiter += 1
                state.waiters.append((number, continuation))
                return (nil, number)
            }
            if let slot = taken.slot { return continuation.resume(returning: slot) }
            let (seconds, attoseconds) = limit.components
            let delay = DispatchTimeInterval.nanoseconds(
                Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in
                // Still in line: leave it. A waiter given a slot meanwhile is gone from the line.
                let waiter = state.withLock { state in
                    state.waiters.firstIndex { $0.number == taken.number }.map { state.waiters.remove(at: $0) }
                }
                waiter?.continuation.resume(returning: nil)
            }
        }
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
