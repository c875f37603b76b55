import PostgresStorage
import Synchronization

/// A monotonic clock whose time moves only when a test moves it (`advance(by:)`): replica routing's "left alone for
/// `downFor`" and "behind for longer than `maxLag`" are then tested in no real time, the same on a busy machine.
public final class SteppedMonotonicClock: MonotonicClock {
    private let reading = Mutex(ContinuousClock.now)

    public init() {}

    public var now: ContinuousClock.Instant { reading.withLock { $0 } }

    /// Moves the time on by `duration`.
    public func advance(by duration: Duration) {
        reading.withLock { $0 += duration }
    }
}
