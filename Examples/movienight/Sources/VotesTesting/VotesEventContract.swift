import Accounts
import Foundation
import IdentityTesting
import Kernel
import StorageTesting
import Testing
import Votes

/// Votes' event (contract, every store): `votes.cast` when a ballot's thumb or rating changed, by the member itself or
/// by a guardian acting as it, with ids and the kind only; none for the same again or a refused vote.
public enum VotesEventContract {
    public static let cases: [ContractCase<VotesContractEnvironment>] = [
        ContractCase("a vote and a rating each write votes.cast; the same again writes none") { env in
            let family = try await env.family()
            let service = env.votes()
            func cast(_ kind: String, by account: Principal, as member: String) -> NewEvent {
                NewEvent(
                    "votes.cast",
                    subject: EventSubject(
                        accountId: account.accountId, memberId: member, householdId: family.household.id),
                    data: ["kind": kind])
            }
            let seen = try await env.identityStore.eventCount()
            _ = try await service.vote(family.dana, title: "Zanzibar Nights", .up)
            _ = try await service.vote(family.dana, title: "zanzibar nights", .up)
            _ = try await service.rate(family.dana, title: "Zanzibar Nights", rating: 4)
            _ = try await service.vote(family.dana, title: "Zanzibar Nights", .down)
            _ = try await service.rate(family.danaAsMax, title: "Zanzibar Nights", rating: 5)
            #expect(
                try await env.identityStore.newEvents(since: seen) == [
                    cast("vote", by: family.dana, as: family.dana.accountId),
                    cast("rating", by: family.dana, as: family.dana.accountId),
                    cast("vote", by: family.dana, as: family.dana.accountId),
                    cast("rating", by: family.dana, as: family.max.memberId),
                ])
            // Never the title, a thumb or a name: the payloads as an app receives them.
            for event in try await env.identityStore.finalEvents().dropFirst(seen) {
                let json = String(decoding: try JSONEncoder().encode(event), as: UTF8.self).lowercased()
                for typed in ["zanzibar", "nights", "\"up\"", "\"down\"", "dana", "max", "tester", "reyes"] {
                    #expect(!json.contains(typed), "\(json) holds \(typed)")
                }
            }
        },
        ContractCase("a refused vote writes no event") { env in
            let family = try await env.family()
            let service = env.votes()
            let seen = try await env.identityStore.eventCount()
            // Erin does not guard Max; a rating out of range; Finn acting as a member of another household.
            await #expect(throws: (any Error).self) {
                _ = try await service.vote(family.acting(family.erin, as: family.max), title: "Dune", .up)
            }
            await #expect(throws: (any Error).self) {
                _ = try await service.rate(family.dana, title: "Dune", rating: 9)
            }
            await #expect(throws: (any Error).self) {
                _ = try await service.vote(family.acting(family.finn, as: family.max), title: "Dune", .up)
            }
            #expect(try await env.identityStore.newEvents(since: seen) == [])
        },
    ]
}
