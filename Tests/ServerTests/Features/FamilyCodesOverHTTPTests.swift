import Accounts
import FamilyCodes
import FamilyCodesHTTP
import Foundation
import Testing

/// `HTTPFamilyCodeService` against the real router and services: what the client sends is what the routes
/// decode, and every refusal comes back as the local service's error.
@Suite("HTTPFamilyCodeService against kith-server's router")
struct FamilyCodesOverHTTPTests {
    @Test func aCodeWithLimitsCrossesTheWireAndItsRefusalsComeBack() async throws {
        let server = try TestServer()
        try await server.withCheckedJSONClient { client, json, _ in
            let player = try await client.signUp("pia@example.com", first: "Pia", last: "Lee", role: "player")
            let pat = try await client.signUp("pat@example.com", first: "Pat", last: "Lee", role: "parent")
            let sam = try await client.signUp("sam@example.com", first: "Sam", last: "Lee", role: "parent")
            let service = HTTPFamilyCodeService(client: json, token: TestAccount.tokens(player, pat, sam))
            let asPlayer = Principal(accountId: player.accountId)

            await #expect(throws: FamilyCodeError.invalidLifetime) {
                _ = try await service.regenerateCode(asPlayer, limits: FamilyCodeLimits(lifetime: 31 * 86_400))
            }
            await #expect(throws: FamilyCodeError.invalidMaxUses) {
                _ = try await service.regenerateCode(asPlayer, limits: FamilyCodeLimits(maxUses: 101))
            }
            let code = try await service.regenerateCode(
                asPlayer, limits: FamilyCodeLimits(lifetime: 86_400, maxUses: 1))
            #expect(code.usesLeft == 1 && code.expiresAt != nil)
            _ = try await service.join(Principal(accountId: pat.accountId), code: code.code)
            #expect(try await service.code(asPlayer).usesLeft == 0)
            await #expect(throws: FamilyCodeError.expired) {
                _ = try await service.join(Principal(accountId: sam.accountId), code: code.code)
            }
            #expect(try await service.usageLog(asPlayer).map(\.result) == [.expired, .joined])
            // Without limits the seed's request (no body) is sent and the code lasts until regenerated.
            let plain = try await service.regenerateCode(asPlayer)
            #expect(plain.usesLeft == nil && plain.expiresAt == nil)
        }
    }

    @Test func codesJoinsMembersLeavingAndTheLog() async throws {
        let server = try TestServer()
        try await server.withCheckedJSONClient { client, json, checker in
            let player = try await client.signUp("pia@example.com", first: "Pia", last: "Lee", role: "player")
            let parent = try await client.signUp("pat@example.com", first: "Pat", last: "Lee", role: "parent")
            let service = HTTPFamilyCodeService(client: json, token: TestAccount.tokens(player, parent))
            let asPlayer = Principal(accountId: player.accountId)
            let asParent = Principal(accountId: parent.accountId)

            let code = try await service.code(asPlayer)
            #expect(code.code.hasPrefix("FAM-"))
            guard case .player(let card) = try await service.overview(asPlayer) else {
                Issue.record("a player's overview is its card")
                return
            }
            #expect(card.name == "Lee Family" && card.code == code && card.members.isEmpty)

            // Lower-case input is normalised by the domain, through the wire.
            let join = try await service.join(asParent, code: code.code.lowercased())
            #expect(join == FamilyJoin(familyId: code.familyId, name: "Lee Family"))
            let members = try await service.members(asPlayer)
            #expect(members.map(\.displayName) == ["Pat Lee"] && members[0].role == .parent)
            #expect(members[0].email == "pat@example.com" && members[0].accountId == parent.accountId)
            let families = try await service.families(asParent)
            #expect(
                families.map(\.familyId) == [code.familyId] && families[0].isActive && families[0].code == code.code)

            let regenerated = try await service.regenerateCode(asPlayer)
            #expect(regenerated.code != code.code && regenerated.familyId == code.familyId)
            await #expect(throws: FamilyCodeError.notFound) { _ = try await service.join(asParent, code: code.code) }
            await #expect(throws: FamilyCodeError.alreadyMember) {
                _ = try await service.join(asParent, code: regenerated.code)
            }
            await #expect(throws: FamilyCodeError.invalidFormat) { _ = try await service.join(asParent, code: "X") }
            await #expect(throws: FamilyCodeError.onlyParentsJoin) {
                _ = try await service.join(asPlayer, code: regenerated.code)
            }
            await #expect(throws: FamilyCodeError.onlyPlayers) { _ = try await service.members(asParent) }

            let log = try await service.usageLog(asPlayer)
            #expect(log.map(\.result) == [.alreadyMember, .notFound, .joined])
            #expect(log.first?.familyId == code.familyId && log[1].familyId == nil)

            let left = try await service.leave(asParent, "Lee Family")
            #expect(left.familyId == code.familyId)
            #expect(try await service.families(asParent).isEmpty)
            await #expect(throws: IdentityError.notFound(.family, "Lee Family")) {
                _ = try await service.leave(asParent, "Lee Family")
            }
            #expect(checker.problems.isEmpty, "\(checker.problems)")
        }
    }

    @Test func theRateLimitComesBackWithItsWait() async throws {
        let server = try TestServer()
        let clock = server.clock
        try await server.withCheckedJSONClient { client, json, checker in
            let parent = try await client.signUp("pat@example.com", first: "Pat", last: "Lee", role: "parent")
            let service = HTTPFamilyCodeService(client: json) { _ in parent.token }
            let asParent = Principal(accountId: parent.accountId)
            for _ in 0..<5 {
                await #expect(throws: FamilyCodeError.notFound) {
                    _ = try await service.join(asParent, code: "FAM-000000")
                }
            }
            clock.advance(by: 60)
            await #expect(throws: FamilyCodeError.rateLimited(waitMinutes: 5, retryAfterSeconds: 240)) {
                _ = try await service.join(asParent, code: "FAM-000000")
            }
            #expect(checker.problems.isEmpty, "\(checker.problems)")
        }
    }

    @Test func anEndedSessionIsNotSignedIn() async throws {
        let server = try TestServer()
        try await server.withCheckedJSONClient { _, json, checker in
            let service = HTTPFamilyCodeService(client: json) { _ in "not-a-token" }
            await #expect(throws: IdentityError.notSignedIn) { _ = try await service.code(Principal(accountId: "a")) }
            #expect(checker.problems.isEmpty, "\(checker.problems)")
        }
    }
}
