import CirclesTesting
import StorageTesting
import Testing

/// Every case of CirclesTesting's `AccessContract`, on SQLite and on PostgreSQL.
@Suite("Access contract, SQLite and PostgreSQL")
struct AccessContractTests {
    @Test(arguments: AccessContract.cases, [StoreKind.sqlite, .postgres])
    func stored(_ check: ContractCase<CirclesContractEnvironment>, _ kind: StoreKind) async throws {
        try await run(check, on: kind)
    }

    /// The cases that need another process on the same data: SQLite's file and PostgreSQL's database only.
    @Test(arguments: AccessContract.sharedStoreCases, StoreKind.shared)
    func sharedStore(_ check: ContractCase<CirclesContractEnvironment>, _ kind: StoreKind) async throws {
        try await run(check, on: kind)
    }
}
