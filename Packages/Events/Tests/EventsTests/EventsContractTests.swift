import EventsTesting
import StorageTesting
import Testing

/// Every case of the Events contract (EventsTesting) with the in-memory stores.
@Suite("Events (contract, in memory)")
struct EventsContractTests {
    @Test(arguments: EventsContract.cases)
    func inMemory(_ check: ContractCase<EventsContractEnvironment>) async throws {
        try await check.run(in: .inMemory())
    }
}
