import Accounts
import Argon2
import Foundation
import Identity
import Testing
import Votes

/// A claim carries the managed member's ballots over to the new account, in the claim's own transaction: what every
/// store must do with `VotesCarryOver` (on SQL, before the trigger forgets the removed member's ballots).
public enum VotesGraduationCheck {
    /// Max (Dana acting) votes and rates, Dana votes; Max graduates and claims his code: his ballots are his
    /// account's, in Reyes, still counted once; Dana's records of voting for him name the account.
    public static func run(in env: VotesContractEnvironment) async throws {
        let family = try await env.family()
        let service = env.votes()
        _ = try await service.vote(family.danaAsMax, title: "Dune", .up)
        _ = try await service.rate(family.danaAsMax, title: "Heat", rating: 2)
        _ = try await service.vote(family.dana, title: "Dune", .down)
        let grant = try await family.danaService.graduateMember(family.dana, "Max")

        let claiming = LocalIdentityService(
            store: env.identityStore,
            options: IdentityOptions(
                clock: env.clock, random: env.random,
                hasher: Argon2PasswordHasher(parameters: .testing, random: env.random),
                carryOver: VotesCarryOver(store: env.store)))
        let signedUp = try await claiming.register(
            SignUp(
                email: "max@example.com", firstName: "Max", lastName: "Reyes", password: "password-max",
                claimCode: grant.code))
        let max = try await claiming.principal(forToken: signedUp.token)

        let stored = try await env.storedBallots(family)
        #expect(stored.filter { $0.memberId == family.max.memberId }.isEmpty)
        let moved = stored.filter { $0.memberId == max.accountId }
        #expect(moved.map(\.titleKey).sorted() == ["dune", "heat"])
        #expect(moved.allSatisfy { $0.householdId == family.household.id })
        let mine = try await service.votes(max, title: nil)
        #expect(mine.householdId == family.household.id && mine.members == 3)
        #expect(mine.titles.map(\.title) == ["Dune", "Heat"])
        #expect(mine.titles.map(\.myVote) == [.up, nil] && mine.titles.map(\.myRating) == [nil, 2])
        #expect(mine.titles.first?.progress == "2 of 3 voted")
    }
}
