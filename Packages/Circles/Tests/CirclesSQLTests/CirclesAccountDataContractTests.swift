import CirclesTesting
import StorageTesting
import Testing

/// Every case of CirclesTesting's `CirclesAccountDataContract`, on SQLite and on PostgreSQL, through the SQL share.
@Suite("Circles account data contract, SQLite and PostgreSQL")
struct CirclesAccountDataContractTests {
    @Test(arguments: CirclesAccountDataContract.cases, [StoreKind.sqlite, .postgres])
    func stored(_ check: ContractCase<CirclesContractEnvironment>, _ kind: StoreKind) async throws {
        try await run(check, on: kind)
    }
}
