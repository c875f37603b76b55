import Circles
import CirclesTesting
import IdentityMemory
import StorageTesting
import Testing

// Every case of the Circles store contracts (CirclesTesting), over the in-memory stores.

/// Identity and Circles over fresh in-memory stores.
func inMemoryEnvironment() -> CirclesContractEnvironment {
    let identity = InMemoryIdentityStore()
    return CirclesContractEnvironment(
        identityStore: identity, circlesStore: InMemoryCirclesStore(identity: identity))
}

@Suite("Circles contract, in memory")
struct CirclesContractTests {
    @Test(arguments: CirclesContract.cases)
    func inMemory(_ check: ContractCase<CirclesContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}

@Suite("Profiles contract, in memory")
struct ProfilesContractTests {
    @Test(arguments: ProfilesContract.cases)
    func inMemory(_ check: ContractCase<CirclesContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}

@Suite("Access contract, in memory")
struct AccessContractTests {
    @Test(arguments: AccessContract.cases)
    func inMemory(_ check: ContractCase<CirclesContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}

@Suite("Circles account data contract, in memory")
struct CirclesAccountDataContractTests {
    @Test(arguments: CirclesAccountDataContract.cases)
    func inMemory(_ check: ContractCase<CirclesContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}

@Suite("Circles' event contract, in memory")
struct CirclesEventContractTests {
    @Test(arguments: CirclesEventContract.cases)
    func inMemory(_ check: ContractCase<CirclesContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}
