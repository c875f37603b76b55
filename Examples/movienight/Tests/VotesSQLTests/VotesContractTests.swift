import StorageTesting
import Testing
import VotesTesting

/// Every case of the Votes contract (VotesTesting), with the one SQL store on SQLite and on PostgreSQL.
@Suite("Votes contract, SQLite and PostgreSQL")
struct VotesContractTests {
    @Test(arguments: VotesContract.cases, StoreKind.allCases)
    func stored(_ check: ContractCase<VotesContractEnvironment>, _ kind: StoreKind) async throws {
        let fixture = try await Fixture(kind)
        try await check.run(in: fixture.environment)
        withExtendedLifetime(fixture) {}
    }
}

/// Every case of the Votes event contract (VotesTesting), with the one SQL store on SQLite and on PostgreSQL.
@Suite("Votes' event contract, SQLite and PostgreSQL")
struct VotesEventContractTests {
    @Test(arguments: VotesEventContract.cases, StoreKind.allCases)
    func stored(_ check: ContractCase<VotesContractEnvironment>, _ kind: StoreKind) async throws {
        let fixture = try await Fixture(kind)
        try await check.run(in: fixture.environment)
        withExtendedLifetime(fixture) {}
    }
}
