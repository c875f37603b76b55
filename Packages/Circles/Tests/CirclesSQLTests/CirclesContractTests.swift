import CirclesTesting
import StorageTesting
import Testing

/// Every case of CirclesTesting's `CirclesContract`, on SQLite and on PostgreSQL.
@Suite("Circles contract, SQLite and PostgreSQL")
struct CirclesContractTests {
    @Test(arguments: CirclesContract.cases)
    func sqlite(_ check: ContractCase<CirclesContractEnvironment>) async throws {
        try await run(check, on: .sqlite)
    }

    @Test(arguments: CirclesContract.cases)
    func postgres(_ check: ContractCase<CirclesContractEnvironment>) async throws {
        try await run(check, on: .postgres)
    }
}
