import Foundation
import Kernel
import Testing

@Suite("Rate limiter (pure value)")
struct RateLimiterTests {
    let start = Date(timeIntervalSince1970: 1_735_689_600)
    /// The per-account join limit's numbers (FamilyCodes' `.accountJoins`).
    let limiter = RateLimiter(rule: RateLimitRule(maxFailures: 5, window: 15 * 60, lockout: 5 * 60))

    func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }

    @Test("5 failures within 15 minutes lock for 5 minutes from the 5th")
    func locksAtFifth() {
        var state = RateLimitState.fresh
        for second in [0.0, 100, 200, 300] {
            state = limiter.recordingFailure(state, at: at(second))
            #expect(limiter.decision(for: state, at: at(second)) == .allowed)
        }
        state = limiter.recordingFailure(state, at: at(400))
        #expect(limiter.decision(for: state, at: at(400)) == .locked(until: at(700), retryAfter: 300))
        #expect(limiter.decision(for: state, at: at(401)) == .locked(until: at(700), retryAfter: 299))
        #expect(limiter.decision(for: state, at: at(699.5)) == .locked(until: at(700), retryAfter: 1))
        #expect(limiter.decision(for: state, at: at(700)) == .allowed)
    }

    @Test("forgiving a failure counted ahead removes it, and the lock it set, even read back from a store")
    func forgiving() {
        var state = RateLimitState.fresh
        for second in [0.0, 100, 200, 300] { state = limiter.recordingFailure(state, at: at(second)) }
        let attempt = at(400.123_456_7)
        state = limiter.recordingFailure(state, at: attempt)
        #expect(state.lockedUntil != nil)
        // As a store gives it back: the text form, whose dates may differ from the originals in the last bits.
        let stored = RateLimitState(
            failures: RateLimitState.failures(stored: state.storedFailures),
            lockedUntil: state.lockedUntil.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970) })
        let forgiven = limiter.forgiving(stored, failureAt: attempt)
        #expect(forgiven.failures.count == 4)
        #expect(forgiven.lockedUntil == nil)
        #expect(limiter.decision(for: forgiven, at: attempt) == .allowed)
        // A lock that an earlier failure set stays; a failure that is not there changes nothing.
        let locked = limiter.recordingFailure(limiter.recordingFailure(forgiven, at: at(401)), at: at(402))
        #expect(limiter.forgiving(locked, failureAt: at(402)).lockedUntil == locked.lockedUntil)
        #expect(limiter.forgiving(locked, failureAt: at(999)) == locked)
    }

    @Test("failures older than 15 minutes do not count")
    func window() {
        var state = RateLimitState.fresh
        for second in [0.0, 1, 2, 3] { state = limiter.recordingFailure(state, at: at(second)) }
        // At 900 + k the failure at k has left the window: four remain each time, so no lock.
        for second in [900.0, 901, 902, 903] {
            state = limiter.recordingFailure(state, at: at(second))
            #expect(state.failures.count == 4)
            #expect(limiter.decision(for: state, at: at(second)) == .allowed)
        }
        // 900, 901, 902, 903, 904: five within 15 minutes.
        state = limiter.recordingFailure(state, at: at(904))
        #expect(limiter.decision(for: state, at: at(904)) == .locked(until: at(1204), retryAfter: 300))
    }

    @Test("failures keep counting after a lock ends: the next failure locks again until they age out")
    func afterLock() {
        var state = RateLimitState.fresh
        for second in 0..<5 { state = limiter.recordingFailure(state, at: at(Double(second))) }
        #expect(state.failures.count == 5 && state.lockedUntil == at(304))
        #expect(limiter.decision(for: state, at: at(303)) == .locked(until: at(304), retryAfter: 1))
        // At 400 the lock is over, but 0...4 are still within 15 minutes: six failures, locked again.
        #expect(limiter.decision(for: state, at: at(400)) == .allowed)
        state = limiter.recordingFailure(state, at: at(400))
        #expect(limiter.decision(for: state, at: at(400)) == .locked(until: at(700), retryAfter: 300))
        // At 1000 the first five have aged out: one failure in the window, no lock.
        state = limiter.recordingFailure(state, at: at(1000))
        #expect(state.failures.count == 2)
        #expect(limiter.decision(for: state, at: at(1000)) == .allowed)
        #expect(!limiter.isIdle(state, at: at(1899)))
        #expect(limiter.isIdle(state, at: at(1900)))
    }
}

@Suite("Exit PIN limit")
struct ExitPinLimitTests {
    let start = Date(timeIntervalSince1970: 1_735_689_600)
    let limiter = RateLimiter(rule: .exitPins)

    @Test("5 wrong PINs within 15 minutes block leaving for 15 minutes from the 5th")
    func blocksForFifteenMinutes() {
        var state = RateLimitState.fresh
        for minute in 0..<4 {
            state = limiter.recordingFailure(state, at: start.addingTimeInterval(Double(minute) * 60))
        }
        #expect(limiter.decision(for: state, at: start.addingTimeInterval(240)) == .allowed)
        let fifth = start.addingTimeInterval(240)
        state = limiter.recordingFailure(state, at: fifth)
        let until = fifth.addingTimeInterval(15 * 60)
        #expect(limiter.decision(for: state, at: fifth) == .locked(until: until, retryAfter: 900))
        #expect(
            limiter.decision(for: state, at: until.addingTimeInterval(-0.5)) == .locked(until: until, retryAfter: 1))
        #expect(limiter.decision(for: state, at: until) == .allowed)
    }
}
