import CirclesTesting
import StorageTesting
import Testing

/// Every case of CirclesTesting's `ProfilesContract`, on SQLite and on PostgreSQL.
@Suite("Profiles contract, SQLite and PostgreSQL")
struct ProfilesContractTests {
    @Test(arguments: ProfilesContract.cases, [StoreKind.sqlite, .postgres])
    func stored(_ check: ContractCase<CirclesContractEnvironment>, _ kind: StoreKind) async throws {
        try await run(check, on: kind)
    }
}
