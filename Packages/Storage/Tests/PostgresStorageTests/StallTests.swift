import Foundation
import PostgresStorage
import PostgresStorageTesting
import Storage
import StorageTesting
import Testing

/// A database that stops answering (its postmaster and backends stopped with SIGSTOP, as a hung machine would be):
/// on a private cluster, since pausing the shared one would stall every other test.
@Suite("PostgresDatabase while its database does not answer")
struct StallTests {
    @Test func callsAreUnavailableWithinSecondsAndServiceResumesByItself() async throws {
        let cluster = try await TestPostgres.privateCluster()
        defer { cluster.stop() }
        let database = try await PostgresDatabase.open(
            url: cluster.url, features: [PostgresDatabaseTests.counters], size: 2)
        try await database.write { try $0.execute("INSERT INTO counters VALUES ('a', 1)") }
        #expect(await database.answers())

        try cluster.pause()
        // Runs before `stop()`: a stopped cluster never stops.
        defer { cluster.resume() }
        // The health question, meanwhile: it times out, but the database answered a moment ago (slow is not down).
        let asked = ContinuousClock.now
        async let answers = database.answers()
        // More calls than connections, on open connections and new ones: each hears "not available" within
        // seconds (the answer's deadline, then the pool's and the connection's), none waits as long as the pause.
        let outcomes = try await withThrowingTaskGroup(of: (StorageError.Code?, Duration).self) { group in
            for index in 0..<5 {
                group.addTask {
                    let started = ContinuousClock.now
                    do {
                        if index.isMultiple(of: 2) {
                            _ = try await database.read { try $0.first("SELECT value FROM counters") }
                        } else {
                            try await database.write { try $0.execute("UPDATE counters SET value = value + 1") }
                        }
                        return (nil, ContinuousClock.now - started)
                    } catch let error as StorageError {
                        return (error.code, ContinuousClock.now - started)
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for (code, elapsed) in outcomes {
            #expect(code == .unavailable)
            // Deadlines, not the pause (which lasts until resumed below): room for a machine busy with other suites.
            #expect(elapsed < .seconds(30), "\(elapsed)")
        }
        // A server starting now is refused within seconds too, rather than waiting for the database.
        let started = ContinuousClock.now
        await #expect {
            _ = try await PostgresDatabase.open(url: cluster.url, features: [PostgresDatabaseTests.counters])
        } throws: { ($0 as? StorageError)?.code == .unavailable }
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(await answers)
        #expect(ContinuousClock.now - asked < .seconds(20))
        // The next one, more than two of its deadlines after the last answer: down.
        #expect(await database.answers() == false)
        #expect(ContinuousClock.now - asked < .seconds(40))

        cluster.resume()
        try await eventually(timeout: .seconds(20), every: .milliseconds(100), "served again after the return") {
            (try? await database.read { try $0.first("SELECT value FROM counters")?.int(0) }) != nil
        }
        try await database.write { try $0.execute("UPDATE counters SET value = value + 1") }
        #expect(await database.answers())
    }
}
