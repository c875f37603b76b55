import CirclesTesting
import StorageTesting
import Testing

/// Every case of CirclesTesting's `ProfilesContract`, on SQLite and on PostgreSQL.
@Suite("Profiles contract, SQLite and PostgreSQL")
struct ProfilesContractTests {
    @Test(arguments: ProfilesContract.cases)
    func sqlite(_ check: ContractCase<CirclesContractEnvironment>) async throws {
        try await run(check, on: .sqlite)
    }

    @Test(arguments: ProfilesContract.cases)
    func postgres(_ check: ContractCase<CirclesContractEnvironment>) async throws {
        try await run(check, on: .postgres)
    }
}
