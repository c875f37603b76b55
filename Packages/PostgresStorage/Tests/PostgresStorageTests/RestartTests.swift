import Foundation
import PostgresStorage
import PostgresStorageTesting
import Storage
import Testing

/// On a private cluster: restarting the shared one would break every other test running at the same time.
@Suite("PostgresDatabase across a database restart")
struct RestartTests {
    @Test func brokenConnectionsAreReplacedAndServiceResumesByItself() async throws {
        let cluster = try TestPostgres.privateCluster()
        defer { cluster.stop() }
        let database = try await PostgresDatabase.open(
            url: cluster.url, features: [PostgresDatabaseTests.counters], size: 3)
        try await database.write { try $0.execute("INSERT INTO counters VALUES ('a', 1)") }
        try cluster.pgctl("restart", "-m", "immediate")
        // Every pooled connection is now broken: the first calls may fail, but only as unavailable, and within
        // 5 s of the database's return the pool has replaced them all without being told.
        let deadline = Date().addingTimeInterval(5)
        var served = 0
        while Date() < deadline && served < 6 {
            do {
                let value = try await database.read {
                    try $0.first("SELECT value FROM counters WHERE name = 'a'")?.int(0)
                }
                #expect(value == 1)
                served += 1
            } catch let error as StorageError {
                #expect(error.code == .unavailable, "\(error)")
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        #expect(served == 6)
        #expect(database.counters.replaced >= 1)
    }
}
