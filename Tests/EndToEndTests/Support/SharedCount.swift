import Synchronization

/// A count that a test's tasks add to (what a load has done so far) and the test waits on (`eventually`).
final class SharedCount: Sendable {
    private let count = Atomic<Int>(0)

    func add(_ amount: Int = 1) { count.add(amount, ordering: .relaxed) }

    var value: Int { count.load(ordering: .relaxed) }
}

/// An instant that a test's tasks read and the test may move (when a load is to end).
final class SharedInstant: Sendable {
    private let instant: Mutex<ContinuousClock.Instant>

    init(_ instant: ContinuousClock.Instant) { self.instant = Mutex(instant) }

    var value: ContinuousClock.Instant {
        get { instant.withLock { $0 } }
        set { instant.withLock { $0 = newValue } }
    }
}
