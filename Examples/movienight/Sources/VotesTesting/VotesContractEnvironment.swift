import Accounts
import Argon2
import Foundation
import Households
import Identity
import Kernel
import Votes

/// Identity and Votes over the stores a test target gives (one set of data: in memory, one SQLite file, or one
/// PostgreSQL schema), with a test clock and random source: what every case of `VotesContract` runs against.
public final class VotesContractEnvironment: Sendable {
    public let clock = ManualClock()
    public let random = SeededRandomSource(seed: 45)
    public let identityStore: any IdentityStore
    public let store: any VoteStore

    public init(identityStore: any IdentityStore, store: any VoteStore) {
        self.identityStore = identityStore
        self.store = store
    }

    /// A new process's Identity service on the same store.
    public func identity() -> LocalIdentityService {
        LocalIdentityService(
            store: identityStore,
            options: IdentityOptions(
                clock: clock, random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random)))
    }

    /// A new process's voting service on the same store.
    public func votes() -> LocalVoteService {
        LocalVoteService(store: store, clock: clock, random: random)
    }

    /// Registers `name@example.com` as "Name Tester" through `service`, with a bearer session; its principal.
    public func account(_ name: String, on service: LocalIdentityService) async throws -> Principal {
        let grant = try await service.register(
            SignUp(
                email: "\(name.lowercased())@example.com", firstName: name, lastName: "Tester",
                password: "password-\(name.lowercased())"))
        return try await service.principal(forToken: grant.token)
    }

    /// Dana (owner of Reyes, guardian of Max), Erin (a parent in Reyes, not Max's guardian): Reyes has three members.
    /// Finn (owner of Other, guardian of Ada): Other has two. Each signed in through its own service with a bearer
    /// session, as on a server.
    public func family() async throws -> VotingFamily {
        let danaService = identity()
        let erinService = identity()
        let finnService = identity()
        let erin = try await account("Erin", on: erinService)
        let finn = try await account("Finn", on: finnService)
        let dana = try await account("Dana", on: danaService)
        let household = try await danaService.createHousehold(dana, name: "Reyes")
        let max = try await danaService.addManagedMember(dana, displayName: "Max", avatarKey: "")
        _ = try await erinService.joinHousehold(erin, householdId: household.id, role: .parent)
        let other = try await finnService.createHousehold(finn, name: "Other")
        let ada = try await finnService.addManagedMember(finn, displayName: "Ada", avatarKey: "")
        return VotingFamily(
            dana: dana, erin: erin, finn: finn, max: max, ada: ada, household: household, other: other,
            danaService: danaService)
    }

    /// Every ballot stored, in every household: what the checks that nothing changed read.
    public func storedBallots(_ family: VotingFamily) async throws -> [Ballot] {
        try await store.read { votes, _ in
            try votes.ballots(householdId: family.household.id, titleKey: nil)
                + votes.ballots(householdId: family.other.id, titleKey: nil)
        }
    }
}

/// The accounts and members of `VotesContractEnvironment.family()`.
public struct VotingFamily: Sendable {
    public let dana: Principal
    public let erin: Principal
    public let finn: Principal
    public let max: Member
    public let ada: Member
    /// Reyes: Dana, Max and Erin.
    public let household: Household
    /// Other: Finn and Ada.
    public let other: Household
    public let danaService: LocalIdentityService

    /// Dana acting as Max, as ProfileSession's manager builds the principal.
    public var danaAsMax: Principal { acting(dana, as: max) }

    /// `principal` acting as `member`, as ProfileSession's manager builds it.
    public func acting(_ principal: Principal, as member: Member) -> Principal {
        var principal = principal
        principal.actingAs = ActingAs(memberId: member.memberId, displayName: member.displayName)
        return principal
    }
}
