import Accounts
import FamilyCodes
import Foundation
import StorageTesting
import Testing

/// The rules of family codes every `FamilyCodeStore` must keep: each test target that owns a store runs every case
/// over it (the domain's tests in memory, the SQLite tests on SQLite and PostgreSQL).
public enum FamilyCodeContract {
    static let notFound = "Family code not found. Please check and try again."

    public static let cases: [ContractCase<FamilyCodesContractEnvironment>] = [
        ContractCase("a player without a family gets one named after its last name") { env in
            let pia = try await env.account("Pia", .player, lastName: "Okafor")
            let code = try await env.service.code(pia)
            #expect(code.code.wholeMatch(of: /^FAM-[A-Z0-9]{6}$/) != nil)
            #expect(code.generatedAt == env.clock.now())
            let active = try #require(try await env.identity.activeHousehold(pia))
            #expect(
                active.id == code.familyId && active.name == "Okafor Family" && active.ownerAccountId == pia.accountId)
            env.clock.advance(by: 60)
            // Asking again gives the same code: nothing new is made.
            #expect(try await env.service.code(pia) == code)
            #expect(try await env.identity.households(pia).count == 1)

            // The name is cut to 50 graphemes.
            let long = String(repeating: "é", count: 48)
            let lou = try await env.account("Lou", .player, lastName: long)
            let louCode = try await env.service.code(lou)
            let louFamily = try #require(try await env.identity.activeHousehold(lou))
            #expect(louFamily.id == louCode.familyId)
            #expect(louFamily.name == long + " F" && louFamily.name.count == 50)
        },
        ContractCase("the player's own active household is its family") { env in
            let pia = try await env.account("Pia", .player)
            let home = try await env.identity.createHousehold(pia, name: "The Lees")
            let code = try await env.service.code(pia)
            #expect(code.familyId == home.id)
            guard case .player(let card) = try await env.service.overview(pia) else {
                Issue.record("a player sees the card")
                return
            }
            #expect(card.name == "The Lees" && card.code == code && card.members.isEmpty)
            // Creating it again gives the same family: nothing new is made.
            #expect(try await env.service.createFamily(pia) == card)
        },
        ContractCase("roles and their sentences") { env in
            let pia = try await env.account("Pia", .player)
            let pat = try await env.account("Pat", .parent)
            let max = try await env.account("Max", .member)
            let code = try await env.service.code(pia).code
            let onlyPlayers = "Only players can manage a family code"
            for principal in [pat, max] {
                #expect(await sentence { _ = try await env.service.createFamily(principal) } == onlyPlayers)
                #expect(await sentence { _ = try await env.service.code(principal) } == onlyPlayers)
                #expect(await sentence { _ = try await env.service.regenerateCode(principal) } == onlyPlayers)
                #expect(
                    await sentence { _ = try await env.service.removeMember(principal, "Pia Tester") } == onlyPlayers)
                #expect(await sentence { _ = try await env.service.members(principal) } == onlyPlayers)
                #expect(await sentence { _ = try await env.service.usageLog(principal) } == onlyPlayers)
            }
            for principal in [pia, max] {
                #expect(
                    await sentence { _ = try await env.service.join(principal, code: code) }
                        == "Only parents can join a family")
                #expect(
                    await sentence { _ = try await env.service.leave(principal, "Tester Family") }
                        == "Only parents can leave a family")
            }
            // Refused by role: not an attempt either.
            #expect(try await env.log(of: pia).isEmpty)
            #expect(
                await sentence { _ = try await env.service.code(Principal(accountId: "nobody")) }
                    == "Not signed in. Use `login` or `signup` first.")
        },
        ContractCase("join normalizes and makes the family active") { env in
            let pia = try await env.account("Pia", .player, lastName: "Lee")
            let pat = try await env.account("Pat", .parent)
            let code = try await env.service.code(pia)
            env.clock.advance(by: 5)
            let input = "  " + code.code.lowercased() + " "
            let join = try await env.service.join(pat, code: input)
            #expect(join == FamilyJoin(familyId: code.familyId, name: "Lee Family"))
            #expect(FamilyJoin.message == "Successfully joined family")
            let active = try #require(try await env.identity.activeHousehold(pat))
            #expect(active.id == code.familyId)
            #expect(active.member(pat.accountId)?.role == .parent)
            #expect(active.member(pat.accountId)?.kind == .independent)
            #expect(
                await sentence { _ = try await env.service.join(pat, code: code.code) }
                    == "You are already a member of this family.")
            #expect(
                await sentence { _ = try await env.service.join(pat, code: "FAM-AB12C") }
                    == "Invalid family code format. Codes look like FAM-XXXXXX")
            #expect(
                await sentence { _ = try await env.service.join(pat, code: "FAM-AB12CD!") }
                    == "Invalid family code format. Codes look like FAM-XXXXXX")
            let log = try await env.log(of: pat)
            #expect(log.map(\.result) == [.alreadyMember, .joined])
            #expect(
                log.allSatisfy { $0.code == code.code && $0.familyId == code.familyId && $0.accountId == pat.accountId }
            )
            #expect(log[1].at == env.clock.now())

            // The player sees the parent on its card and in its members.
            let members = try await env.service.members(pia)
            #expect(members.count == 1)
            #expect(members[0].accountId == pat.accountId && members[0].email == "pat@example.com")
            #expect(members[0].role == .parent && members[0].displayName == "Pat Tester")
            #expect(members[0].addedAt == env.clock.now())

            // The parent sees its family with the code.
            guard case .parent(let families) = try await env.service.overview(pat) else {
                Issue.record("a parent sees its families")
                return
            }
            #expect(
                families == [
                    JoinedFamily(
                        familyId: code.familyId, name: "Lee Family", code: code.code, codeGeneratedAt: code.generatedAt,
                        joinedAt: env.clock.now(), isActive: true)
                ])
        },
        ContractCase("regenerate stops the old code at once") { env in
            let pia = try await env.account("Pia", .player)
            let pat = try await env.account("Pat", .parent)
            let old = try await env.service.code(pia)
            env.clock.advance(by: 3600)
            let new = try await env.service.regenerateCode(pia)
            #expect(new.code != old.code && new.familyId == old.familyId)
            #expect(new.generatedAt == env.clock.now() && new.generatedAt != old.generatedAt)
            #expect(try await env.service.code(pia) == new)
            #expect(await sentence { _ = try await env.service.join(pat, code: old.code) } == Self.notFound)
            #expect(try await env.service.join(pat, code: new.code).familyId == new.familyId)
            // The player's log shows both attempts: the old code's (by code) and the join.
            let log = try await env.service.usageLog(pia)
            #expect(log.map(\.result) == [.joined, .notFound])
            #expect(log.map(\.code) == [new.code, old.code])
        },
        ContractCase("a code's expiry and uses are kept and counted by every store") { env in
            let pia = try await env.account("Pia", .player)
            let parents = [try await env.account("Pat", .parent), try await env.account("Sam", .parent)]
            let made = try await env.service.regenerateCode(
                pia, limits: FamilyCodeLimits(lifetime: 7 * 86_400, maxUses: 1))
            #expect(try await env.service.code(pia) == made)
            #expect(made.expiresAt == env.clock.now().addingTimeInterval(7 * 86_400) && made.usesLeft == 1)
            _ = try await env.service.join(parents[0], code: made.code)
            #expect(try await env.service.code(pia).uses == 1)
            #expect(
                await sentence { _ = try await env.service.join(parents[1], code: made.code) }
                    == "This family code has expired. Ask the player for a new one.")
            #expect(try await env.service.usageLog(pia).map(\.result) == [.expired, .joined])
            // The uses belong to that code: a regenerated one starts at none.
            let next = try await env.service.regenerateCode(pia)
            #expect(next.uses == 0 && next.expiresAt == nil && next.maxUses == nil)
            #expect(try await env.service.join(parents[1], code: next.code).familyId == next.familyId)
        },
        ContractCase("the cap of eight counts joined parents") { env in
            let pia = try await env.account("Pia", .player)
            let code = try await env.service.code(pia).code
            var parents: [Principal] = []
            for name in ["Ana", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"] {
                parents.append(try await env.account(name, .parent))
            }
            for parent in parents.prefix(7) { _ = try await env.service.join(parent, code: code) }
            #expect(
                await sentence { _ = try await env.service.join(parents[7], code: code) }
                    == "This household is full (8 members)")
            #expect(try await env.service.members(pia).count == 7)
            #expect(try await env.identity.households(parents[7]).isEmpty)
            #expect(try await env.log(of: parents[7]).map(\.result) == [.full])
        },
        ContractCase("leave falls back to the latest joined family") { env in
            let ann = try await env.account("Ann", .player, lastName: "Ash")
            let bo = try await env.account("Bo", .player, lastName: "Birch")
            let cy = try await env.account("Cy", .player, lastName: "Cedar")
            let pat = try await env.account("Pat", .parent)
            let codes = [
                try await env.service.code(ann), try await env.service.code(bo), try await env.service.code(cy),
            ]
            for code in codes {
                env.clock.advance(by: 60)
                _ = try await env.service.join(pat, code: code.code)
            }
            // Active: Cedar (joined last). Use Ash, then leave it: back to the latest joined remaining, Cedar.
            _ = try await env.identity.useHousehold(pat, "Ash Family")
            _ = try await env.service.leave(pat, "ash family")
            #expect(try await env.identity.activeHousehold(pat)?.name == "Cedar Family")
            _ = try await env.service.leave(pat, codes[2].familyId)
            #expect(try await env.identity.activeHousehold(pat)?.name == "Birch Family")
            #expect(
                await sentence { _ = try await env.service.leave(pat, "Nowhere") } == "No family named Nowhere")
            let left = try await env.service.leave(pat, "Birch Family")
            #expect(left.name == "Birch Family" && !left.isActive)
            #expect(try await env.identity.activeHousehold(pat) == nil)
            #expect(try await env.service.families(pat).isEmpty)
        },
        ContractCase("leave and remove respect the last guardian rule") { env in
            let pia = try await env.account("Pia", .player, lastName: "Lee")
            let pat = try await env.account("Pat", .parent)
            let code = try await env.service.code(pia).code
            _ = try await env.service.join(pat, code: code)
            // Pat (active: Lee Family) adds a managed member it alone guards.
            _ = try await env.identity.addManagedMember(pat, displayName: "Mia", avatarKey: "")
            let refusal = "Mia has no other guardian. Add another guardian or remove Mia first."
            #expect(await sentence { _ = try await env.service.leave(pat, "Lee Family") } == refusal)
            #expect(await sentence { _ = try await env.service.removeMember(pia, "Pat Tester") } == refusal)
            #expect(try await env.service.members(pia).count == 2)
            // With Pia as a second guardian, the player may remove Pat.
            _ = try await env.identity.addGuardian(pat, member: "Mia", email: "pia@example.com")
            let removed = try await env.service.removeMember(pia, "pat tester")
            #expect(removed.accountId == pat.accountId)
            #expect(try await env.service.members(pia).map(\.displayName) == ["Mia"])
            #expect(try await env.identity.activeHousehold(pat) == nil)
            #expect(
                await sentence { _ = try await env.service.removeMember(pia, "Pat Tester") }
                    == "No member named Pat Tester"
            )
        },
        ContractCase("everything but viewing is refused while acting") { env in
            let pia = try await env.account("Pia", .player)
            let pat = try await env.account("Pat", .parent)
            let code = try await env.service.code(pia)
            var acting = pia
            acting.actingAs = ActingAs(memberId: "managed_x", displayName: "Mia")
            var actingParent = pat
            actingParent.actingAs = ActingAs(memberId: "managed_y", displayName: "Kit")
            let refusal = "Not available while viewing as Mia. Switch back first."
            #expect(await sentence { _ = try await env.service.regenerateCode(acting) } == refusal)
            #expect(await sentence { _ = try await env.service.removeMember(acting, "x") } == refusal)
            #expect(
                await sentence { _ = try await env.service.join(actingParent, code: code.code) }
                    == "Not available while viewing as Kit. Switch back first.")
            #expect(
                await sentence { _ = try await env.service.leave(actingParent, "x") }
                    == "Not available while viewing as Kit. Switch back first.")
            // Viewing works.
            #expect(try await env.service.code(acting) == code)
            #expect(try await env.service.members(acting).isEmpty)
            #expect(try await env.service.usageLog(acting).isEmpty)
            // ...but never makes anything.
            let lou = try await env.account("Lou", .player)
            var actingLou = lou
            actingLou.actingAs = ActingAs(memberId: "managed_z", displayName: "Zed")
            #expect(
                await sentence { _ = try await env.service.code(actingLou) }
                    == "Not available while viewing as Zed. Switch back first.")
            #expect(try await env.identity.households(lou).isEmpty)
        },
        ContractCase("the log is newest first and only the player's own") { env in
            let pia = try await env.account("Pia", .player)
            let bo = try await env.account("Bo", .player)
            let pat = try await env.account("Pat", .parent)
            let piaCode = try await env.service.code(pia).code
            let boCode = try await env.service.code(bo).code
            env.clock.advance(by: 1)
            #expect(await sentence { _ = try await env.service.join(pat, code: "FAM-ZZZZZZ") } == Self.notFound)
            env.clock.advance(by: 1)
            _ = try await env.service.join(pat, code: boCode)
            env.clock.advance(by: 1)
            _ = try await env.service.join(pat, code: piaCode)
            env.clock.advance(by: 1)
            _ = try? await env.service.join(pat, code: piaCode)
            let log = try await env.service.usageLog(pia)
            #expect(log.map(\.result) == [.alreadyMember, .joined])
            #expect(log[0].at > log[1].at)
            #expect(try await env.service.usageLog(bo).map(\.result) == [.joined])
            #expect(try await env.log(of: pat).count == 4)
        },
        ContractCase("a family's log is its codes' rows that no other family owns") { env in
            let at = env.clock.now()
            func row(
                _ seconds: TimeInterval, _ account: String, _ code: String, _ family: String?,
                _ result: FamilyCodeAttemptResult
            )
                -> FamilyCodeUsage
            {
                FamilyCodeUsage(
                    at: at.addingTimeInterval(seconds), accountId: account, code: code, familyId: family, result: result
                )
            }
            let rows = [
                row(0, "joined", "FAM-AAAAAA", "f1", .joined),
                row(1, "old code", "FAM-AAAAAA", nil, .notFound),  // after f1 regenerated
                row(2, "locked out", "FAM-BBBBBB", nil, .rateLimited),  // never looked up
                row(3, "reused", "FAM-AAAAAA", "f2", .joined),  // the old code, live again for another family
                row(4, "stranger", "FAM-CCCCCC", nil, .notFound),
                row(4, "same second", "FAM-BBBBBB", "f1", .alreadyMember),
            ]
            try await env.store.write { codes, _ in for row in rows { try codes.insertUsage(row) } }
            let log = try await env.store.read { codes, _ in
                try codes.usage(familyIds: ["f1"], codes: ["FAM-AAAAAA", "FAM-BBBBBB"])
            }
            #expect(log.map(\.accountId) == ["same second", "locked out", "old code", "joined"])
            #expect(try await env.store.read { codes, _ in try codes.usage(familyIds: ["f1"], codes: []) }.isEmpty)
        },
        ContractCase("a failure inside a join leaves nothing") { env in
            let (env, statements) = try env.withStatements()
            let pia = try await env.account("Pia", .player)
            let pat = try await env.account("Pat", .parent)
            let code = try await env.service.code(pia).code
            statements.failEvery(FamilyCodesContractEnvironment.usageInsert)
            // The membership is written before the log row; the failing log row takes it back.
            await #expect(throws: InjectedStatementFailure.self) { _ = try await env.service.join(pat, code: code) }
            await #expect(throws: InjectedStatementFailure.self) {
                _ = try await env.service.join(pat, code: "FAM-000000")
            }
            statements.stopFailing()
            #expect(try await env.identity.households(pat).isEmpty)
            #expect(try await env.identity.activeHousehold(pat) == nil)
            #expect(try await env.log(of: pat).isEmpty)
            let limit = try await env.store.read { codes, _ in
                try codes.rateLimitState(key: LocalFamilyCodeService.rateLimitKey(accountId: pat.accountId))
            }
            #expect(limit == .fresh)
            // Refusals, on the other hand, commit their log row (and the failure count) without a membership.
            #expect(await sentence { _ = try await env.service.join(pat, code: "FAM-000000") } == Self.notFound)
            #expect(try await env.log(of: pat).map(\.result) == [.notFound])
            _ = try await env.service.join(pat, code: code)
            #expect(try await env.identity.households(pat).count == 1)
        },
        ContractCase("the rate limit holds on both stores") { env in
            let (env, statements) = try env.withStatements()
            let pia = try await env.account("Pia", .player)
            let pat = try await env.account("Pat", .parent)
            let code = try await env.service.code(pia).code
            for _ in 0..<5 {
                #expect(await sentence { _ = try await env.service.join(pat, code: "FAM-000000") } == Self.notFound)
                env.clock.advance(by: 30)
            }
            let lookups = statements.count(FamilyCodesContractEnvironment.codeLookup)
            #expect(
                await sentence { _ = try await env.service.join(pat, code: code) }
                    == "Too many attempts. Please wait 5 minutes. Try again in 4m 30s.")
            #expect(statements.count(FamilyCodesContractEnvironment.codeLookup) == lookups)
            env.clock.advance(by: 270)
            _ = try await env.service.join(pat, code: code)
            #expect(
                try await env.log(of: pat).map(\.result)
                    == [.joined, .rateLimited] + Array(repeating: .notFound, count: 5))
        },
    ]
}
