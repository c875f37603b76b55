import Foundation
import Synchronization
import Testing

@testable import KithServer

/// `/health`'s database check: one question at a time, whatever the number of callers, and no caller waits longer
/// than its patience for a database that does not answer.
@Suite("The /health database check")
struct HealthCheckTests {
    /// Counts the questions and answers each after `delay` (`answers` as its answer).
    final class Database: Sendable {
        let delay: Duration
        let asked = Atomic<Int>(0)
        let answered = Atomic<Bool>(false)

        init(delay: Duration) { self.delay = delay }

        func ask() async -> Bool {
            asked.add(1, ordering: .relaxed)
            try? await Task.sleep(for: delay)
            answered.store(true, ordering: .relaxed)
            return true
        }
    }

    /// Twenty callers once the last answer is more than a second old: one question; the one who asked waits for it,
    /// the others are given the answer of a moment ago at once.
    @Test func callersDuringACheckDoNotEachAskAndWait() async throws {
        let database = Database(delay: .milliseconds(300))
        // Patience to spare: a machine busy with other tests (a resumed task may wait seconds for a thread) must not
        // turn the first answer into silence.
        let check = HealthRoutes.DatabaseCheck(patience: .seconds(600), silence: false) { await database.ask() }
        #expect(await check.answers())
        #expect(database.asked.load(ordering: .relaxed) == 1)
        try await Task.sleep(for: .milliseconds(1100))
        database.answered.store(false, ordering: .relaxed)
        let outcomes = await withTaskGroup(of: (Bool, Bool).self) { group in
            for _ in 0..<20 {
                group.addTask { (await check.answers(), database.answered.load(ordering: .relaxed)) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.allSatisfy { $0.0 })
        #expect(database.asked.load(ordering: .relaxed) == 2)
        // Only the caller that asked waited for the answer.
        #expect(outcomes.filter { $0.1 }.count <= 1, "\(outcomes.filter { $0.1 }.count) callers waited")
    }

    /// /health's check under load (`trust`): an answer slower than the caller's patience is not "down" while the last
    /// answer is recent; no caller waits for it, and the new answer counts once it comes (here: "down").
    ///
    /// The bounds are generous and end as soon as their condition holds: with the whole suite running, a resumed
    /// task may wait seconds for a thread. "Nobody waited" is shown by the question still being out.
    @Test func aSlowAnswerWithARecentOneStandingIsNotADownDatabase() async throws {
        let database = Database(delay: .seconds(2))
        let check = HealthRoutes.DatabaseCheck(patience: .milliseconds(100), trust: .seconds(600), silence: false) {
            await database.ask()
        }
        #expect(await check.answers() == false)  // the first question: nothing to stand on, and too slow
        var answered = false
        let first = ContinuousClock.now
        while !answered && ContinuousClock.now - first < .seconds(120) {
            try await Task.sleep(for: .milliseconds(100))
            answered = await check.answers()  // its answer comes meanwhile
        }
        #expect(answered)
        try await Task.sleep(for: .milliseconds(1100))
        database.answered.store(false, ordering: .relaxed)
        #expect(await check.answers())  // stale: a new question goes out, the last answer stands
        #expect(database.answered.load(ordering: .relaxed) == false, "waited for the 2 s question")
        // The new question went out (its task starts on its own).
        let started = ContinuousClock.now
        while database.asked.load(ordering: .relaxed) < 2 && ContinuousClock.now - started < .seconds(120) {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(database.asked.load(ordering: .relaxed) == 2)
    }

    /// A database that does not answer: the caller hears "no" when its patience ends, not when the question does.
    /// The question takes an hour: "no" while it is still out proves that, however busy the machine is (and a caller
    /// waiting for the question fails the time limit).
    @Test(.timeLimit(.minutes(2))) func aQuestionWithoutAnAnswerIsNoWithinPatience() async throws {
        let database = Database(delay: .seconds(3600))
        let check = HealthRoutes.DatabaseCheck(patience: .milliseconds(300), silence: false) { await database.ask() }
        #expect(await check.answers() == false)
        #expect(database.answered.load(ordering: .relaxed) == false)
        // The next caller does not ask again while the first question is still out, nor wait for it.
        #expect(await check.answers() == false)
        #expect(database.answered.load(ordering: .relaxed) == false)
        #expect(database.asked.load(ordering: .relaxed) == 1)
    }
}
