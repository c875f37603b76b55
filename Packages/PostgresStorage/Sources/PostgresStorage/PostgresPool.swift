import Dispatch
import Storage

/// A fixed number of connection slots, each with its own serial queue: a transaction holds one slot for its whole
/// run, and callers beyond the pool's size wait their turn in order.
actor PostgresPool {
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

    private var free: [Slot]
    private var waiters: [CheckedContinuation<Slot, Never>] = []
    let size: Int

    init(size: Int) {
        self.size = size
        free = (0..<size).map { Slot(index: $0) }
    }

    /// A free slot, waiting for one when all are in use.
    func acquire() async -> Slot {
        if let slot = free.popLast() { return slot }
        return await withCheckedContinuation { waiters.append($0) }
    }

    /// Gives `slot` to the next waiter, or back to the free list.
    func release(_ slot: Slot) {
        if waiters.isEmpty {
            free.append(slot)
        } else {
            waiters.removeFirst().resume(returning: slot)
        }
    }

    /// Slots in use and callers waiting.
    func usage() -> (inUse: Int, waiting: Int) { (size - free.count, waiters.count) }
}
