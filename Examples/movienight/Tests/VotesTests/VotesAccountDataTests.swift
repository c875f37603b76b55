import Accounts
import Foundation
import IdentityMemory
import Testing
import Votes
import VotesTesting

/// Votes' share in deleting and exporting an account, over the in-memory store (the SQL tests run it through
/// `SQLAccountDataShare.votes` and Identity's own deletion and export).
@Suite("Votes' share in an account's data, in memory")
struct VotesAccountDataTests {
    func environment() -> VotesContractEnvironment {
        let identity = InMemoryIdentityStore()
        return VotesContractEnvironment(identityStore: identity, store: InMemoryVoteStore(identity: identity))
    }

    @Test("deleting an account removes its own ballots and those of the households that go with it")
    func delete() async throws {
        let env = environment()
        let family = try await env.family()
        let service = env.votes()
        _ = try await service.vote(family.dana, title: "Dune", .up)
        _ = try await service.vote(family.danaAsMax, title: "Dune", .up)
        _ = try await service.vote(family.erin, title: "Dune", .down)
        _ = try await service.vote(family.finn, title: "Heat", .up)
        _ = try await service.vote(family.acting(family.finn, as: family.ada), title: "Heat", .up)
        let now = env.clock.now()
        try await env.store.write { votes, identity in
            let account = try #require(try identity.account(id: family.dana.accountId))
            try VotesAccountData.delete(
                AccountDeletion(
                    account: account, householdIds: [family.household.id],
                    transferredHouseholds: [family.household.id: family.erin.accountId], removedHouseholdIds: [],
                    at: now),
                votes)
            let finn = try #require(try identity.account(id: family.finn.accountId))
            try VotesAccountData.delete(
                AccountDeletion(
                    account: finn, householdIds: [family.other.id], transferredHouseholds: [:],
                    removedHouseholdIds: [family.other.id], at: now),
                votes)
        }
        let left = try await env.storedBallots(family)
        #expect(left.count == 2 && Set(left.map(\.memberId)) == [family.max.memberId, family.erin.accountId])
    }

    @Test("an export holds the ballots of every member it covers, and nothing when there are none")
    func export() async throws {
        let env = environment()
        let family = try await env.family()
        let service = env.votes()
        _ = try await service.vote(family.dana, title: "Dune", .up)
        env.clock.advance(by: 1)
        _ = try await service.rate(family.danaAsMax, title: "Dune", rating: 5)
        env.clock.advance(by: 1)
        _ = try await service.vote(family.erin, title: "Dune", .down)
        let account = ExportSubject(
            kind: .account, id: family.dana.accountId, memberIds: [family.dana.accountId, family.max.memberId],
            householdIds: [family.household.id])
        let member = ExportSubject(
            kind: .member, id: family.max.memberId, memberIds: [family.max.memberId],
            householdIds: [family.household.id])
        let finn = ExportSubject(
            kind: .account, id: family.finn.accountId, memberIds: [family.finn.accountId],
            householdIds: [family.other.id])
        let (danas, maxs, finns) = try await env.store.read { votes, _ in
            (
                try VotesAccountData.export(account, votes), try VotesAccountData.export(member, votes),
                try VotesAccountData.export(finn, votes)
            )
        }
        #expect(danas?.ballots.map(\.memberId) == [family.dana.accountId, family.max.memberId])
        #expect(danas?.ballots.map(\.vote) == [.up, nil] && danas?.ballots.last?.rating == 5)
        #expect(maxs?.ballots.map(\.memberId) == [family.max.memberId])
        #expect(finns == nil)
    }
}

@Suite("Votes carried over by a graduation, in memory")
struct VotesGraduationTests {
    @Test("the member's ballots become the account's")
    func carriedOver() async throws {
        let identity = InMemoryIdentityStore()
        try await VotesGraduationCheck.run(
            in: VotesContractEnvironment(identityStore: identity, store: InMemoryVoteStore(identity: identity)))
    }
}
