import IdentityMemory
import StorageTesting
import Testing
import Votes
import VotesTesting

/// Every case of the Votes contract (VotesTesting), over the in-memory stores.
@Suite("Votes contract, in memory")
struct VotesContractTests {
    @Test(arguments: VotesContract.cases)
    func inMemory(_ check: ContractCase<VotesContractEnvironment>) async throws {
        let identity = InMemoryIdentityStore()
        try await check.run(
            in: VotesContractEnvironment(identityStore: identity, store: InMemoryVoteStore(identity: identity)))
    }
}

/// Every case of the Votes event contract (VotesTesting), over the in-memory stores.
@Suite("Votes' event contract, in memory")
struct VotesEventContractTests {
    @Test(arguments: VotesEventContract.cases)
    func inMemory(_ check: ContractCase<VotesContractEnvironment>) async throws {
        let identity = InMemoryIdentityStore()
        try await check.run(
            in: VotesContractEnvironment(identityStore: identity, store: InMemoryVoteStore(identity: identity)))
    }
}
