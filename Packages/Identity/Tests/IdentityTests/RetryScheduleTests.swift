import Foundation
import Kernel
import Mail
import Testing

/// `RetrySchedule` alone: the pause after each failed attempt, and when a failure is the last.
@Suite("The retry schedule")
struct RetryScheduleTests {
    let schedule = RetrySchedule(firstPause: 30, longestPause: 3_600, giveUpAfter: 86_400, lease: 60)
    let began = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func thePauseDoublesFromTheFirstAndStopsAtTheLongest() {
        #expect((1...9).map { schedule.pause(afterAttempt: $0) } == [30, 60, 120, 240, 480, 960, 1920, 3600, 3600])
        // No attempt yet, or a count that makes no sense, waits the first pause.
        #expect(schedule.pause(afterAttempt: 0) == 30)
        #expect(schedule.pause(afterAttempt: -5) == 30)
    }

    @Test(arguments: [64, 65, 1_000, 10_000, Int.max - 1, Int.max])
    func aHugeAttemptCountWaitsTheLongestPauseWithoutOverflowing(attempt: Int) {
        #expect(schedule.pause(afterAttempt: attempt) == 3_600)
        // Even with a first pause so small that 2^attempt times it would not reach the longest: finite, capped.
        let tiny = RetrySchedule(firstPause: 1e-300, longestPause: 3_600, giveUpAfter: 86_400, lease: 60)
        let pause = tiny.pause(afterAttempt: attempt)
        #expect(pause.isFinite && pause > 0 && pause <= 3_600)
    }

    /// The failure whose next try would come exactly at `giveUpAfter` is not the last; a second later it is.
    @Test func aFailureGivesUpOnlyWhenTheNextTryWouldComePastTheLimit() {
        let lastChance = began.addingTimeInterval(86_400 - 3_600)
        #expect(!schedule.givesUp(failingAt: lastChance, afterAttempt: 9, since: began))
        #expect(schedule.givesUp(failingAt: lastChance.addingTimeInterval(1), afterAttempt: 9, since: began))
        // The pause counts: the third attempt waits 120 s, so it gives up 120 s before the limit, not 3 600.
        let third = began.addingTimeInterval(86_400 - 120)
        #expect(!schedule.givesUp(failingAt: third, afterAttempt: 3, since: began))
        #expect(schedule.givesUp(failingAt: third.addingTimeInterval(0.5), afterAttempt: 3, since: began))
        #expect(!schedule.givesUp(failingAt: began, afterAttempt: Int.max, since: began))
    }

    @Test func theMailAndWebhookSchedulesKeepTheirOwnNumbers() {
        #expect(
            OutboxSchedule.standard.retry
                == RetrySchedule(
                    firstPause: 30, longestPause: 3_600, giveUpAfter: 86_400, lease: 120))
        #expect(
            OutboxSchedule.everyRun.retry
                == RetrySchedule(
                    firstPause: 1, longestPause: 1, giveUpAfter: 86_400, lease: 120))
        #expect(OutboxSchedule.standard.lease == 120)
    }
}
