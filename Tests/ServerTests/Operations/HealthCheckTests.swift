import Foundation
import Synchronization
import Testing

@testable import KithServer

/// `/health`'s database check: one question at a time, whatever the number of callers, and no caller waits longer
/// than its patience for a database that does not answer.
@Suite("The /health database check")
struct HealthCheckTests {
    /// Counts the questions, and answers each (`true`) after `delay` on the test's clock.
    final class Database: Sendable {
        let clock: SteppedClock
        let delay: Duration
        let asked = Atomic<Int>(0)
        let answered = Atomic<Bool>(false)

        init(clock: SteppedClock, delay: Duration) {
            self.clock = clock
            self.delay = delay
        }

        func ask() async -> Bool {
            asked.add(1, ordering: .relaxed)
            try? await clock.sleep(for: delay)
            answered.store(true, ordering: .relaxed)
            return true
        }
    }

    /// How many callers have their answer.
    final class Counter: Sendable {
        let count = Atomic<Int>(0)
    }

    /// Twenty callers once the last answer is more than a second old: one question; the one who asked waits for it,
    /// the other nineteen are given the answer of a moment ago while it is still out.
    @Test func callersDuringACheckDoNotEachAskAndWait() async throws {
        let clock = SteppedClock()
        let database = Database(clock: clock, delay: .milliseconds(300))
        let check = HealthRoutes.DatabaseCheck(clock: clock, patience: .seconds(600), silence: false) {
            await database.ask()
        }
        let first = Task { await check.answers() }
        // The question and the caller's patience are both waiting on the clock.
        #expect(await SteppedClock.eventually { clock.sleeping == 2 })
        clock.advance(by: .milliseconds(300))
        #expect(await first.value)
        #expect(database.asked.load(ordering: .relaxed) == 1)

        clock.advance(by: .milliseconds(1100))
        database.answered.store(false, ordering: .relaxed)
        let returned = Counter()
        let callers = Task {
            await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        let answer = await check.answers()
                        returned.count.add(1, ordering: .relaxed)
                        return answer
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        // Nineteen have their answer while the new question is out: the clock has not moved, so it cannot be in.
        #expect(await SteppedClock.eventually { returned.count.load(ordering: .relaxed) == 19 })
        #expect(database.answered.load(ordering: .relaxed) == false)
        #expect(await SteppedClock.eventually { database.asked.load(ordering: .relaxed) == 2 })
        // The twentieth asked and waits for the answer.
        #expect(await SteppedClock.eventually { clock.sleeping == 3 })
        clock.advance(by: .milliseconds(300))
        let outcomes = await callers.value
        #expect(outcomes.count == 20 && outcomes.allSatisfy { $0 })
        #expect(database.asked.load(ordering: .relaxed) == 2)
    }

    /// /health's check under load (`trust`): an answer slower than the caller's patience is not "down" while the last
    /// answer is recent; no caller waits for it, and the new answer counts once it comes.
    @Test func aSlowAnswerWithARecentOneStandingIsNotADownDatabase() async throws {
        let clock = SteppedClock()
        let database = Database(clock: clock, delay: .seconds(2))
        let check = HealthRoutes.DatabaseCheck(
            clock: clock, patience: .milliseconds(100), trust: .seconds(600), silence: false
        ) { await database.ask() }
        // The first question: nothing to stand on, and too slow for the caller's patience.
        let first = Task { await check.answers() }
        #expect(await SteppedClock.eventually { clock.sleeping == 2 })
        clock.advance(by: .milliseconds(100))
        #expect(await first.value == false)
        // Its answer comes meanwhile, and counts.
        clock.advance(by: .milliseconds(1900))
        #expect(await SteppedClock.eventually { check.hasAnswer })
        #expect(await check.answers())

        // Stale: a new question goes out, and the last answer stands without waiting for it.
        clock.advance(by: .milliseconds(1100))
        database.answered.store(false, ordering: .relaxed)
        #expect(await check.answers())
        #expect(database.answered.load(ordering: .relaxed) == false, "waited for the 2 s question")
        #expect(await SteppedClock.eventually { database.asked.load(ordering: .relaxed) == 2 })
    }

    /// A database that does not answer: the caller hears "no" when its patience ends, not when the question does.
    @Test func aQuestionWithoutAnAnswerIsNoWithinPatience() async throws {
        let clock = SteppedClock()
        let database = Database(clock: clock, delay: .seconds(3600))
        let check = HealthRoutes.DatabaseCheck(clock: clock, patience: .milliseconds(300), silence: false) {
            await database.ask()
        }
        let first = Task { await check.answers() }
        #expect(await SteppedClock.eventually { clock.sleeping == 2 })
        clock.advance(by: .milliseconds(300))
        #expect(await first.value == false)
        #expect(database.answered.load(ordering: .relaxed) == false)
        // The next caller does not ask again while the first question is still out, and hears "no" within its own
        // patience too.
        let second = Task { await check.answers() }
        #expect(await SteppedClock.eventually { clock.sleeping == 2 })
        clock.advance(by: .milliseconds(300))
        #expect(await second.value == false)
        #expect(database.answered.load(ordering: .relaxed) == false)
        #expect(database.asked.load(ordering: .relaxed) == 1)
    }
}
