import Foundation
import PostgresStorage
import PostgresStorageTesting
import Storage
import Testing

/// Ordinary contention: many writers at once on one shared row (as every write of one account bumps its version).
/// Each loses often, and each must still succeed: the retries give up only after seconds, not after a count.
@Suite("PostgresDatabase under ordinary contention")
struct ContentionTests {
    @Test func writersOnOneRowAllSucceed() async throws {
        let writers = 16
        let writes = 25
        let database = try await TestPostgres.database([PostgresDatabaseTests.counters], size: writers)
        try await database.write { try $0.execute("INSERT INTO counters VALUES ('version', 0)") }
        let failures = try await withThrowingTaskGroup(of: [String].self) { group in
            for writer in 0..<writers {
                group.addTask {
                    var failures: [String] = []
                    for write in 0..<writes {
                        do {
                            // As a contact's addition: the owner's version read first, then the rest of the
                            // body's statements (a few milliseconds), then the row and the version's bump.
                            try await database.write { connection in
                                _ = try connection.first("SELECT value FROM counters WHERE name = 'version'")
                                try connection.execute("SELECT pg_sleep(0.003)")
                                try connection.execute(
                                    "INSERT INTO counters VALUES ($1, 1)", ["w\(writer)-\(write)"])
                                try connection.execute("UPDATE counters SET value = value + 1 WHERE name = 'version'")
                            }
                        } catch {
                            failures.append("\(error)")
                        }
                    }
                    return failures
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        let counters = database.counters
        print("contention: \(writers * writes) writes, \(counters.retries) retries, \(counters.exhausted) exhausted")
        #expect(failures.isEmpty, "\(failures.count) failed: \(Set(failures))")
        let version = try await database.read {
            try $0.first("SELECT value FROM counters WHERE name = 'version'")?.int(0)
        }
        #expect(version == writers * writes - failures.count)
        #expect(counters.exhausted == 0)
    }
}
