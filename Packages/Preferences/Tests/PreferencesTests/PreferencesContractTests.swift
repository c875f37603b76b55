import IdentityMemory
import Preferences
import PreferencesTesting
import StorageTesting
import Testing

/// Every case of the Preferences contract (PreferencesTesting), over the in-memory stores.
@Suite("Preferences contract, in memory")
struct PreferencesContractTests {
    @Test(arguments: PreferencesContract.cases)
    func inMemory(_ check: ContractCase<PreferencesContractEnvironment>) async throws {
        let identity = InMemoryIdentityStore()
        try await check.run(
            in: PreferencesContractEnvironment(
                identityStore: identity, store: InMemoryPreferencesStore(identity: identity)))
    }
}
