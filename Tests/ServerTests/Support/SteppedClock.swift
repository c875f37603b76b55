import StorageTesting
import Synchronization

/// A Swift `Clock` whose time moves only when a test advances it (Kernel's `ManualClock` is a `WallClock`, which
/// nothing sleeps on): what waits on it (`sleep`) resumes then, so a test of
/// deadlines and patience runs in no real time and the same on a busy machine as on a quiet one.
final class SteppedClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        let offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [(deadline: Instant, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }

    /// How many are waiting for a time still to come.
    var sleeping: Int { state.withLock { $0.sleepers.count } }

    /// Returns once the clock reaches `deadline` (at once when it has). Cancellation is not awaited: nothing here
    /// cancels a sleep, and a sleeper left over when a test ends is dropped with the clock.
    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        await withCheckedContinuation { continuation in
            let due = state.withLock { state in
                guard state.now < deadline else { return true }
                state.sleepers.append((deadline, continuation))
                return false
            }
            if due { continuation.resume() }
        }
    }

    /// Moves the time on by `duration`, and resumes every sleeper whose deadline it reached.
    func advance(by duration: Duration) {
        let due = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Waits (in real time, only to let other tasks run: the clock does not move) until `condition` holds; false
    /// when it does not within a minute.
    static func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
        (try? await poll(timeout: .seconds(60), every: .milliseconds(1)) { condition() }) ?? false
    }
}
