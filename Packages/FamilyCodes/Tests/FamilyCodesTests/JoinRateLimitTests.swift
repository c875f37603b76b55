import Accounts
import FamilyCodes
import Foundation
import Kernel
import Testing

@Suite("Join rate limit (service, in-memory store, manual clock)")
struct JoinRateLimitTests {
    /// A player's family with its code, and a parent.
    struct Setup {
        var world = World()
        var player = Principal(accountId: "")
        var parent = Principal(accountId: "")
        var code = ""

        /// In `world`: one `countingStatements` for the tests that count lookups.
        static func make(in world: World = World()) async throws -> Setup {
            var setup = Setup(world: world)
            setup.player = try await setup.world.account("Pia", .player, lastName: "Lee")
            setup.parent = try await setup.world.account("Pat", .parent, lastName: "Lee")
            setup.code = try await setup.world.service.code(setup.player).code
            return setup
        }

        func join(_ code: String) async -> String? {
            await sentence { _ = try await world.service.join(parent, code: code) }
        }
    }

    static let notFound = "Family code not found. Please check and try again."

    @Test("after 5 failures the next attempt is refused, even with a valid code, and nothing is looked up")
    func lockRefusesWithoutLookup() async throws {
        let setup = try await Setup.make(in: try .countingStatements())
        for _ in 0..<5 {
            #expect(await setup.join("FAM-000000") == Self.notFound)
            setup.world.clock.advance(by: 10)
        }
        // The 5th failure was at +40 s; now is +50 s: 290 s remain.
        let lookups = try setup.world.lookups()
        #expect(
            await setup.join(setup.code)
                == "Too many attempts. Please wait 5 minutes. Try again in 4m 50s.")
        setup.world.clock.advance(by: 1)
        #expect(await setup.join("FAM-000000") == "Too many attempts. Please wait 5 minutes. Try again in 4m 49s.")
        #expect(try setup.world.lookups() == lookups)
        let log = try await setup.world.log(of: setup.parent)
        #expect(log.map(\.result) == [.rateLimited, .rateLimited] + Array(repeating: .notFound, count: 5))
        #expect(log[1].code == setup.code && log[1].familyId == nil)
        #expect(try await setup.world.identity.households(setup.parent).isEmpty)
    }

    @Test("refused attempts do not extend the lock; 5 minutes after the 5th failure joins work")
    func lockEndsOnTime() async throws {
        let setup = try await Setup.make()
        for _ in 0..<5 { #expect(await setup.join("FAM-000000") == Self.notFound) }
        let fifth = setup.world.clock.now()
        for second in stride(from: 1.0, to: 300, by: 29.9) {
            setup.world.clock.set(fifth.addingTimeInterval(second))
            let remaining = Int((300 - second).rounded(.up))
            #expect(
                await setup.join(setup.code)
                    == "Too many attempts. Please wait 5 minutes. Try again in \(remaining / 60)m \(remaining % 60)s.")
        }
        setup.world.clock.set(fifth.addingTimeInterval(299))
        #expect(await setup.join(setup.code) == "Too many attempts. Please wait 5 minutes. Try again in 0m 1s.")
        setup.world.clock.set(fifth.addingTimeInterval(300))
        let join = try await setup.world.service.join(setup.parent, code: setup.code)
        #expect(try await setup.world.identity.activeHousehold(setup.parent)?.id == join.familyId)
        #expect(try await setup.world.log(of: setup.parent).first?.result == .joined)
    }

    @Test("a success does not reset the count")
    func successDoesNotReset() async throws {
        let setup = try await Setup.make()
        for _ in 0..<4 { #expect(await setup.join("FAM-000000") == Self.notFound) }
        _ = try await setup.world.service.join(setup.parent, code: setup.code)
        #expect(try await setup.world.rateLimitState(of: setup.parent).failures.count == 4)
        #expect(await setup.join("FAM-000001") == Self.notFound)
        #expect(await setup.join(setup.code) == "Too many attempts. Please wait 5 minutes. Try again in 5m 0s.")
    }

    @Test("already a member and full do not count; every attempt is logged with its result")
    func onlyNotFoundCounts() async throws {
        let setup = try await Setup.make()
        _ = try await setup.world.service.join(setup.parent, code: setup.code)
        for _ in 0..<6 {
            #expect(await setup.join(setup.code) == "You are already a member of this family.")
        }
        // Fill the family: player + parent + 6 managed members = 8.
        for name in ["Ada", "Ben", "Cy", "Di", "Ed", "Flo"] {
            _ = try await setup.world.identity.addManagedMember(setup.player, displayName: name, avatarKey: "")
        }
        let other = try await setup.world.account("Oli", .parent)
        for _ in 0..<6 {
            #expect(
                await sentence { _ = try await setup.world.service.join(other, code: " \(setup.code.lowercased())") }
                    == "This household is full (8 members)")
        }
        #expect(try await setup.world.rateLimitState(of: setup.parent) == .fresh)
        #expect(try await setup.world.rateLimitState(of: other) == .fresh)
        #expect(
            try await setup.world.log(of: setup.parent).map(\.result)
                == Array(repeating: .alreadyMember, count: 6) + [.joined])
        let otherLog = try await setup.world.log(of: other)
        #expect(otherLog.map(\.result) == Array(repeating: .full, count: 6))
        #expect(otherLog.allSatisfy { $0.code == setup.code && $0.familyId != nil })
        #expect(try await setup.world.identity.households(other).isEmpty)
    }

    @Test("a malformed code is not an attempt: not logged, not counted, not looked up")
    func malformedIsNoAttempt() async throws {
        let setup = try await Setup.make(in: try .countingStatements())
        let lookups = try setup.world.lookups()
        for bad in ["FAM-AB12C", "FAM-AB12CD!", "", "hello", "FAM-AB12CDE"] {
            #expect(await setup.join(bad) == "Invalid family code format. Codes look like FAM-XXXXXX")
        }
        #expect(try setup.world.lookups() == lookups)
        #expect(try await setup.world.log(of: setup.parent).isEmpty)
        #expect(try await setup.world.rateLimitState(of: setup.parent) == .fresh)
    }

    @Test("the lock survives a new service (a restart): its state is in the store")
    func lockSurvivesRestart() async throws {
        let setup = try await Setup.make()
        for _ in 0..<5 { #expect(await setup.join("FAM-000000") == Self.notFound) }
        let restarted = LocalFamilyCodeService(store: setup.world.store, clock: setup.world.clock)
        #expect(
            await sentence { _ = try await restarted.join(setup.parent, code: setup.code) }
                == "Too many attempts. Please wait 5 minutes. Try again in 5m 0s.")
    }

    @Test("brute force: 10,000 guesses by one account over 24 hours look up only what the rule allows")
    func bruteForce() async throws {
        let setup = try await Setup.make(in: try .countingStatements())
        let guesses = 10_000
        let day: TimeInterval = 24 * 60 * 60
        let interval = day / Double(guesses)

        // The bound, from DOMAIN.md's rule alone: a guess is looked up unless it comes within 5 minutes of a
        // failure that made 5 or more failures within the 15 minutes up to it; refused guesses count for nothing.
        let rule = RateLimitRule.accountJoins
        var failures: [TimeInterval] = []
        var lockedUntil = -TimeInterval.infinity
        var bound = 0
        for index in 0..<guesses {
            let time = Double(index) * interval
            if time < lockedUntil { continue }
            bound += 1
            failures.append(time)
            if failures.filter({ time - $0 < rule.window }).count >= rule.maxFailures {
                lockedUntil = time + rule.lockout
            }
        }

        let guesser = FamilyCodeGenerator(random: SeededRandomSource(seed: 31_337))
        let start = setup.world.clock.now()
        let lookupsBefore = try setup.world.lookups()
        var notFound = 0
        var refused = 0
        for index in 0..<guesses {
            setup.world.clock.set(start.addingTimeInterval(Double(index) * interval))
            var guess = guesser.next()
            while guess == setup.code { guess = guesser.next() }
            do {
                _ = try await setup.world.service.join(setup.parent, code: guess)
                Issue.record("guess \(guess) joined")
            } catch FamilyCodeError.notFound {
                notFound += 1
            } catch FamilyCodeError.rateLimited {
                refused += 1
            }
        }
        let lookedUp = try setup.world.lookups() - lookupsBefore
        print("brute force: \(guesses) guesses over 24 h, \(lookedUp) looked up, \(refused) refused (bound \(bound))")
        #expect(lookedUp == bound)
        #expect(notFound == bound)
        #expect(refused == guesses - bound)
        let log = try await setup.world.log(of: setup.parent)
        #expect(log.count == guesses)
        #expect(log.filter { $0.result == .notFound }.count == bound)
    }
}
