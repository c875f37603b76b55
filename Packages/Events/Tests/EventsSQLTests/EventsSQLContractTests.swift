import Events
import EventsSQL
import EventsTesting
import Foundation
import PostgresStorage
import PostgresStorageTesting
import SQLiteStorage
import Storage
import StorageTesting
import Testing

/// Every case of the Events contract (EventsTesting) on SQLite and PostgreSQL.
@Suite("Events (contract, SQL)")
struct EventsSQLContractTests {
    @Test(arguments: EventsContract.cases)
    func sqlite(_ check: ContractCase<EventsContractEnvironment>) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try SQLiteDatabase.open(
            at: folder.appendingPathComponent("kith.sqlite").path, features: EventsContractEnvironment.migrations)
        try await check.run(in: .sql(database))
    }

    @Test(arguments: EventsContract.cases)
    func postgres(_ check: ContractCase<EventsContractEnvironment>) async throws {
        try await check.run(in: .sql(try await TestPostgres.database(EventsContractEnvironment.migrations)))
    }

    @Test("migrations are named events.<n>-<step> on both engines")
    func identifiers() {
        for dialect in [SQLDialect.sqlite, .postgres] {
            #expect(EventsMigrations.all.identifiers(for: dialect) == ["events.1-webhook-deliveries"])
        }
    }
}
