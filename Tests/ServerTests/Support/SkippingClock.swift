import Synchronization

/// The system's monotonic clock, which a test may move on at once (`skip(_:)`) where it would otherwise wait for time
/// to pass: what the server reads of it (the health checks' "asked within the last second") sees the time skipped,
/// while what waits on it (a check's patience with a real database) still waits in real time.
final class SkippingClock: Clock, Sendable {
    typealias Instant = ContinuousClock.Instant

    private let offset = Mutex(Duration.zero)

    var now: Instant { ContinuousClock.now + offset.withLock { $0 } }
    var minimumResolution: Duration { ContinuousClock().minimumResolution }

    /// Sleeps in real time until this clock reads `deadline`, as far as the time skipped so far goes.
    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await ContinuousClock().sleep(until: deadline - offset.withLock { $0 }, tolerance: tolerance)
    }

    /// Moves the time on by `duration` at once.
    func skip(_ duration: Duration) {
        offset.withLock { $0 += duration }
    }
}
