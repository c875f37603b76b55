import PreferencesTesting
import StorageTesting
import Testing

/// Every case of the Preferences contract (PreferencesTesting), with the one SQL store on SQLite and on PostgreSQL.
@Suite("Preferences contract, SQLite and PostgreSQL")
struct PreferencesContractTests {
    @Test(arguments: PreferencesContract.cases, [StoreKind.sqlite, .postgres])
    func stored(_ check: ContractCase<PreferencesContractEnvironment>, _ kind: StoreKind) async throws {
        let fixture = try await Fixture(kind)
        try await check.run(in: fixture.environment)
        withExtendedLifetime(fixture) {}
    }
}
