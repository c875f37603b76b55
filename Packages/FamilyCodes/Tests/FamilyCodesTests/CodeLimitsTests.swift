import FamilyCodes
import Foundation
import Testing

@Suite("Codes with an expiry and a number of uses (service, in-memory store, manual clock)")
struct CodeLimitsTests {
    static let expired = "This family code has expired. Ask the player for a new one."
    static let day: TimeInterval = 24 * 60 * 60

    @Test("limits are checked before anything changes: at most 30 days, 1-100 uses")
    func limitsAreValidated() async throws {
        let world = World()
        let pia = try await world.account("Pia", .player, lastName: "Lee")
        let code = try await world.service.code(pia)
        let refusals: [(FamilyCodeLimits, String)] = [
            (FamilyCodeLimits(lifetime: 0), "A family code can last at most 30 days"),
            (FamilyCodeLimits(lifetime: 30 * Self.day + 1), "A family code can last at most 30 days"),
            (FamilyCodeLimits(maxUses: 0), "A family code can be used 1 to 100 times"),
            (FamilyCodeLimits(maxUses: 101), "A family code can be used 1 to 100 times"),
        ]
        for (limits, message) in refusals {
            #expect(await sentence { _ = try await world.service.regenerateCode(pia, limits: limits) } == message)
        }
        #expect(try await world.service.code(pia) == code)
        let longest = try await world.service.regenerateCode(
            pia, limits: FamilyCodeLimits(lifetime: 30 * Self.day, maxUses: 100))
        #expect(longest.expiresAt == world.clock.now().addingTimeInterval(30 * Self.day))
        #expect(longest.usesLeft == 100)
        #expect(code.expiresAt == nil && code.usesLeft == nil)

        // Made part-way through a second, a code expires at the whole second before: every store and JSON agree.
        let whole = world.clock.now()
        world.clock.advance(by: 0.75)
        let partWay = try await world.service.regenerateCode(pia, limits: FamilyCodeLimits(lifetime: Self.day))
        #expect(partWay.expiresAt == whole.addingTimeInterval(Self.day))
    }

    @Test("an expired code is refused with DOMAIN.md's sentence, counts as a failure and is logged as expired")
    func expiry() async throws {
        let world = World()
        let pia = try await world.account("Pia", .player, lastName: "Lee")
        let pat = try await world.account("Pat", .parent)
        let sam = try await world.account("Sam", .parent)
        let code = try await world.service.regenerateCode(pia, limits: FamilyCodeLimits(lifetime: Self.day))
        world.clock.advance(by: Self.day - 1)
        _ = try await world.service.join(pat, code: code.code)
        world.clock.advance(by: 1)
        #expect(await sentence { _ = try await world.service.join(sam, code: code.code) } == Self.expired)
        #expect(try await world.rateLimitState(of: sam).failures == [world.clock.now()])
        let log = try await world.log(of: sam)
        #expect(log.map(\.result) == [.expired] && log.first?.familyId == code.familyId)
        #expect(try await world.identity.households(sam).isEmpty)
        // The player sees the refusal in the family's log.
        #expect(try await world.service.usageLog(pia).map(\.result) == [.expired, .joined])
    }

    @Test("a code with 2 uses admits 2 parents; the third is refused; members already in do not use it up")
    func uses() async throws {
        let world = World()
        let pia = try await world.account("Pia", .player, lastName: "Lee")
        let parents = [
            try await world.account("Pat", .parent), try await world.account("Sam", .parent),
            try await world.account("Oli", .parent),
        ]
        let code = try await world.service.regenerateCode(pia, limits: FamilyCodeLimits(maxUses: 2))
        _ = try await world.service.join(parents[0], code: code.code)
        #expect(
            await sentence { _ = try await world.service.join(parents[0], code: code.code) }
                == "You are already a member of this family.")
        #expect(try await world.service.code(pia).usesLeft == 1)
        _ = try await world.service.join(parents[1], code: code.code)
        #expect(try await world.service.code(pia).usesLeft == 0)
        #expect(await sentence { _ = try await world.service.join(parents[2], code: code.code) } == Self.expired)
        #expect(try await world.identity.households(parents[2]).isEmpty)
        // A new code starts again.
        let next = try await world.service.regenerateCode(pia, limits: FamilyCodeLimits(maxUses: 1))
        _ = try await world.service.join(parents[2], code: next.code)
        #expect(try await world.service.code(pia).usesLeft == 0)
    }
}
