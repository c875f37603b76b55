import Accounts
import FamilyCodes
import Foundation
import IdentityTesting
import Kernel
import StorageTesting
import Testing

/// FamilyCodes' events (contract, every store): a join, a leave and a removal each write their family event, in the
/// same transaction, and a refused join writes none.
public enum FamilyCodesEventContract {
    public static let cases: [ContractCase<FamilyCodesContractEnvironment>] = [
        ContractCase("joined, left and removed: one family event each, ids only") { env in
            let pia = try await env.account("Pia", .player, lastName: "Lee")
            let pat = try await env.account("Pat", .parent)
            let quinn = try await env.account("Quinn", .parent)
            let code = try await env.service.code(pia)
            func subject(_ parent: Principal) -> EventSubject {
                EventSubject(accountId: parent.accountId, memberId: parent.accountId, householdId: code.familyId)
            }
            var seen = try await env.identityStore.eventCount()

            _ = try await env.service.join(pat, code: code.code)
            _ = try await env.service.join(quinn, code: code.code)
            #expect(
                try await env.identityStore.newEvents(since: seen) == [
                    NewEvent("family.joined", subject: subject(pat)),
                    NewEvent("family.joined", subject: subject(quinn)),
                ])
            seen = try await env.identityStore.eventCount()

            _ = try await env.service.leave(pat, code.familyId)
            _ = try await env.service.removeMember(pia, quinn.accountId)
            #expect(
                try await env.identityStore.newEvents(since: seen) == [
                    NewEvent("family.left", subject: subject(pat)),
                    NewEvent("family.member_removed", subject: subject(quinn)),
                ])
        },
        ContractCase("a refused join, leave or removal writes no event") { env in
            let pia = try await env.account("Pia", .player, lastName: "Lee")
            let pat = try await env.account("Pat", .parent)
            let kid = try await env.account("Kid", .player)
            let code = try await env.service.code(pia)
            _ = try await env.service.join(pat, code: code.code)
            let seen = try await env.identityStore.eventCount()

            // Already a member, an unknown code, a player joining, a leave of a family one is not in, a removal of
            // someone not in the family: each refused, none written.
            #expect(await sentence { _ = try await env.service.join(pat, code: code.code) } != nil)
            #expect(await sentence { _ = try await env.service.join(pat, code: "FAM-ZZZZZZ") } != nil)
            #expect(await sentence { _ = try await env.service.join(kid, code: code.code) } != nil)
            #expect(await sentence { _ = try await env.service.leave(kid, code.familyId) } != nil)
            #expect(await sentence { _ = try await env.service.removeMember(pia, kid.accountId) } != nil)
            // The refusals' log rows were kept, but no event.
            #expect(try await env.log(of: pat).count == 3)
            #expect(try await env.identityStore.newEvents(since: seen) == [])
        },
    ]
}
