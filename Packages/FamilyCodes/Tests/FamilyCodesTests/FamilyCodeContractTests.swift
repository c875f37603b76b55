import FamilyCodes
import FamilyCodesTesting
import IdentityMemory
import StorageTesting
import Testing

/// Every case of the family code contract (FamilyCodesTesting), over the in-memory stores.
@Suite("Family codes (contract, in memory)")
struct FamilyCodeContractTests {
    @Test(arguments: FamilyCodeContract.cases)
    func inMemory(_ check: ContractCase<FamilyCodesContractEnvironment>) async throws {
        let identity = InMemoryIdentityStore()
        try await check.run(
            in: FamilyCodesContractEnvironment(
                identityStore: identity, codeStore: InMemoryFamilyCodeStore(identity: identity)))
    }
}

/// FamilyCodes' events (FamilyCodesTesting), over the in-memory stores.
@Suite("FamilyCodes' events (contract, in memory)")
struct FamilyCodesEventContractTests {
    @Test(arguments: FamilyCodesEventContract.cases)
    func inMemory(_ check: ContractCase<FamilyCodesContractEnvironment>) async throws {
        let identity = InMemoryIdentityStore()
        try await check.run(
            in: FamilyCodesContractEnvironment(
                identityStore: identity, codeStore: InMemoryFamilyCodeStore(identity: identity)))
    }
}
