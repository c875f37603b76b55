import Accounts
import FamilyCodes
import Foundation
import Testing

@Suite("Join rate limit per origin (service, in-memory store, manual clock)")
struct OriginRateLimitTests {
    static let notFound = "Family code not found. Please check and try again."

    /// A player's code and `count` parents, each of which can fail 4 times without locking its own account.
    struct Setup {
        var world = World()
        var code = ""
        var parents: [Principal] = []

        /// In `world`: one `countingStatements` for the tests that count lookups.
        static func make(parents count: Int, in world: World = World()) async throws -> Setup {
            var setup = Setup(world: world)
            let player = try await setup.world.account("Pia", .player, lastName: "Lee")
            setup.code = try await setup.world.service.code(player).code
            for index in 0..<count {
                setup.parents.append(try await setup.world.account("Parent\(Self.letters(index))", .parent))
            }
            return setup
        }

        /// Parents need names that keep the name rules: no digits.
        static func letters(_ index: Int) -> String {
            String(UnicodeScalar(UInt8(ascii: "a") + UInt8(index % 26))) + String(repeating: "x", count: index / 26)
        }

        func join(_ parent: Principal, _ code: String, from origin: String?) async -> String? {
            await sentence { _ = try await world.service.join(parent, code: code, origin: origin) }
        }
    }

    @Test("20 failures from one origin, by different accounts, lock it: the 21st attempt is refused unlooked-up")
    func twentyFailuresLockTheOrigin() async throws {
        let setup = try await Setup.make(parents: 6, in: try .countingStatements())
        var failures = 0
        for parent in setup.parents.prefix(5) {
            for _ in 0..<4 where failures < 20 {
                #expect(await setup.join(parent, "FAM-000000", from: "203.0.113.9") == Self.notFound)
                failures += 1
            }
        }
        #expect(failures == 20)
        let lookups = try setup.world.lookups()
        // A sixth account that never failed, with a valid code, from the same origin.
        let fresh = setup.parents[5]
        #expect(
            await setup.join(fresh, setup.code, from: "203.0.113.9")
                == "Too many attempts. Please wait 5 minutes. Try again in 5m 0s.")
        #expect(try setup.world.lookups() == lookups)
        #expect(try await setup.world.log(of: fresh).map(\.result) == [.rateLimited])
        // Another origin, and no origin at all (a local command line), are not locked.
        let join = try await setup.world.service.join(fresh, code: setup.code, origin: "198.51.100.7")
        #expect(try await setup.world.identity.activeHousehold(fresh)?.id == join.familyId)
    }

    @Test("the origin's lock ends 5 minutes after its 20th failure; refused attempts do not extend it")
    func theOriginsLockEnds() async throws {
        let setup = try await Setup.make(parents: 5)
        for parent in setup.parents {
            for _ in 0..<4 { #expect(await setup.join(parent, "FAM-000000", from: "::1") == Self.notFound) }
        }
        let twentieth = setup.world.clock.now()
        setup.world.clock.set(twentieth.addingTimeInterval(299))
        #expect(
            await setup.join(setup.parents[0], setup.code, from: "::1")
                == "Too many attempts. Please wait 5 minutes. Try again in 0m 1s.")
        setup.world.clock.set(twentieth.addingTimeInterval(300))
        #expect(await setup.join(setup.parents[0], setup.code, from: "::1") == nil)
    }

    @Test("the longer of the two locks is the one said")
    func theLongerLockIsSaid() async throws {
        let setup = try await Setup.make(parents: 5)
        // Origin locked at t=0 by 20 failures of four accounts (4 each) and the fifth's 4.
        for parent in setup.parents {
            for _ in 0..<4 { #expect(await setup.join(parent, "FAM-000000", from: "192.0.2.1") == Self.notFound) }
        }
        // 100 s later the fifth parent fails a fifth time elsewhere: its own lock runs to t=400.
        setup.world.clock.advance(by: 100)
        let last = setup.parents[4]
        #expect(await setup.join(last, "FAM-000000", from: "192.0.2.2") == Self.notFound)
        #expect(
            await setup.join(last, setup.code, from: "192.0.2.1")
                == "Too many attempts. Please wait 5 minutes. Try again in 5m 0s.")
        // The origin's own lock (to t=300) is the shorter: another account from it sees 200 s.
        #expect(
            await setup.join(setup.parents[0], setup.code, from: "192.0.2.1")
                == "Too many attempts. Please wait 5 minutes. Try again in 3m 20s.")
    }
}
