import CirclesTesting
import StorageTesting
import Testing

/// Every case of CirclesTesting's `CirclesContract`, on SQLite and on PostgreSQL.
@Suite("Circles contract, SQLite and PostgreSQL")
struct CirclesContractTests {
    @Test(arguments: CirclesContract.cases, [StoreKind.sqlite, .postgres])
    func stored(_ check: ContractCase<CirclesContractEnvironment>, _ kind: StoreKind) async throws {
        try await run(check, on: kind)
    }
}

/// Every case of CirclesTesting's `CirclesEventContract`, on SQLite and on PostgreSQL.
@Suite("Circles' event contract, SQLite and PostgreSQL")
struct CirclesEventContractTests {
    @Test(arguments: CirclesEventContract.cases, [StoreKind.sqlite, .postgres])
    func stored(_ check: ContractCase<CirclesContractEnvironment>, _ kind: StoreKind) async throws {
        try await run(check, on: kind)
    }
}
