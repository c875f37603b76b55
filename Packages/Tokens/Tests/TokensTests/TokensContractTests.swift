import StorageTesting
import Testing
import TokensTesting

/// Every case of the Tokens contract (TokensTesting) with the in-memory stores.
@Suite("Tokens (contract, in memory)")
struct TokensContractTests {
    @Test(arguments: TokensContract.cases)
    func inMemory(_ check: ContractCase<TokensContractEnvironment>) async throws {
        try await check.run(in: .inMemory())
    }
}
