import PreferencesTesting
import StorageTesting
import Testing

/// Every case of the Preferences contract (PreferencesTesting), with the one SQL store on SQLite and on PostgreSQL.
@Suite("Preferences contract, SQLite and PostgreSQL")
struct PreferencesContractTests {
    @Test(arguments: PreferencesContract.cases)
    func sqlite(_ check: ContractCase<PreferencesContractEnvironment>) async throws {
        let fixture = try await Fixture(.sqlite)
        try await check.run(in: fixture.environment)
        withExtendedLifetime(fixture) {}
    }

    @Test(arguments: PreferencesContract.cases)
    func postgres(_ check: ContractCase<PreferencesContractEnvironment>) async throws {
        let fixture = try await Fixture(.postgres)
        try await check.run(in: fixture.environment)
    }
}
