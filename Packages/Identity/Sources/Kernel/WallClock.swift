import Foundation
import Synchronization

/// Tells the time; injected everywhere a rule depends on "now" so tests can move time.
///
/// Named apart from the standard library's `Clock` (instants and durations), which it is not.
public protocol WallClock: Sendable {
    /// The current instant.
    func now() -> Date
}

/// The real wall clock.
public struct SystemClock: WallClock {
    /// Creates the wall clock.
    public init() {}

    /// The current instant, from the system.
    public func now() -> Date { Date() }
}

/// A clock that only moves when told to, for tests.
public final class ManualClock: WallClock {
    private let instant: Mutex<Date>

    /// Starts at `start` (by default 2025-01-01T00:00:00Z, so tests do not depend on the real date).
    public init(_ start: Date = Date(timeIntervalSince1970: 1_735_689_600)) {
        instant = Mutex(start)
    }

    /// The instant the clock was last set to.
    public func now() -> Date { instant.withLock { $0 } }

    /// Moves the clock to `date`.
    public func set(_ date: Date) { instant.withLock { $0 = date } }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: TimeInterval) { instant.withLock { $0 = $0.addingTimeInterval(seconds) } }
}
