import Foundation
import PostgresStorage
import PostgresStorageTesting
import Storage
import StorageTesting
import Testing

/// On a private cluster: restarting the shared one would break every other test running at the same time.
@Suite("PostgresDatabase across a database restart")
struct RestartTests {
    @Test func brokenConnectionsAreReplacedAndServiceResumesByItself() async throws {
        let cluster = try await TestPostgres.privateCluster()
        defer { cluster.stop() }
        let database = try await PostgresDatabase.open(
            url: cluster.url, features: [PostgresDatabaseTests.counters], size: 3)
        try await database.write { try $0.execute("INSERT INTO counters VALUES ('a', 1)") }
        try await cluster.pgctl("restart", "-m", "immediate")
        // Every pooled connection is now broken: calls may fail, but only as unavailable, and within 5 s of the
        // database's return the pool serves again without being told.
        let read: @Sendable () async throws -> Int? = {
            try await database.read { try $0.first("SELECT value FROM counters WHERE name = 'a'")?.int(0) }
        }
        var failures: [String] = []
        let resumed = try await poll(timeout: .seconds(5), every: .milliseconds(50)) {
            do {
                #expect(try await read() == 1)
                return true
            } catch {
                guard let error = error as? StorageError else { throw error }
                #expect(error.code == .unavailable, "\(error)")
                failures.append(error.message)
                return false
            }
        }
        #expect(resumed, "\(failures.count) failures: \(Set(failures))")
        // Then every slot's broken connection is replaced as it comes up: no call fails any more.
        for _ in 0..<6 {
            do {
                #expect(try await read() == 1)
            } catch let error as StorageError {
                // A slot still holding a connection from before the restart fails once, then is replaced.
                #expect(error.code == .unavailable, "\(error)")
                #expect(try await read() == 1)
            }
        }
        #expect(database.counters.replaced >= 1)
    }
}
