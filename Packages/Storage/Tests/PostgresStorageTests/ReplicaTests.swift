import Foundation
import PostgresStorage
import PostgresStorageTesting
import Storage
import Testing

/// Reads on a streaming replica (the hot standby `Tools/with-postgres` starts): served there when it has replayed
/// what the read must see, on the primary otherwise, never stale, never an error for a replica's fault.
@Suite("PostgresDatabase with a read replica")
struct ReplicaTests {
    /// A database over a fresh schema whose reads may go to the standby.
    /// Its replica routing keeps time by `clock`.
    static func database(
        downFor: Duration = .seconds(1), clock: any MonotonicClock = ContinuousClock(),
        replicas: (String) throws -> [String] = { [try TestPostgres.replicaURL(of: $0)] }
    ) async throws -> PostgresDatabase {
        let url = try await TestPostgres.freshSchemaURL()
        return try await PostgresDatabase.open(
            url: url, features: [PostgresDatabaseTests.counters], size: 4, timeouts: TestPostgres.generousTimeouts,
            replicas: .init(urls: try replicas(url), downFor: downFor, clock: clock))
    }

    static func value(_ database: PostgresDatabase) async throws -> Int? {
        try await database.read { try $0.first("SELECT value FROM counters WHERE name = 'n'")?.int(0) }
    }

    @Test func readsRunOnTheReplicaOnceItHasReplayedTheirPosition() async throws {
        // Its turn with the standby: another test of this suite pauses its replay.
        try await TestPostgres.withReplica {
            let database = try await Self.database()
            try await database.write { try $0.execute("INSERT INTO counters VALUES ('n', 1)") }
            try await TestPostgres.waitForReplay()
            // Other tests keep writing to the primary, so a read's fence may be a little ahead of the standby and the
            // read goes to the primary: every read is right either way, and some are served by the replica.
            var reads = 0
            while database.counters.replicaReads == 0 && reads < 500 {
                #expect(try await Self.value(database) == 1)
                reads += 1
            }
            #expect(database.counters.replicaReads > 0, "\(database.counters) after \(reads) reads")
        }
    }

    @Test func aWriteOfARequestRecordsItsCommitPosition() async throws {
        let database = try await Self.database()
        let causal = CausalContext(readAfter: nil)
        let before = try await database.write { try $0.first("SELECT pg_current_wal_flush_lsn()")?.string(0) }
        try await CausalContext.$current.withValue(causal) {
            try await database.write { try $0.execute("INSERT INTO counters VALUES ('n', 1)") }
        }
        let committed = try #require(causal.committed)
        #expect(committed > CommitPosition(try #require(before))!)
        // A read records nothing.
        let reading = CausalContext(readAfter: committed)
        let seen = try await CausalContext.$current.withValue(reading) { try await Self.value(database) }
        #expect(seen == 1)
        #expect(reading.committed == nil)
    }

    @Test func aTokenPastThePrimarysPositionSendsItsReadsToThePrimaryWithoutMarkingTheReplicaLate() async throws {
        let database = try await Self.database()
        try await database.write { try $0.execute("INSERT INTO counters VALUES ('n', 1)") }
        let forged = CausalContext(readAfter: CommitPosition(UInt64.max))
        for _ in 0..<3 {
            let seen = try await CausalContext.$current.withValue(forged) { try await Self.value(database) }
            #expect(seen == 1)
        }
        #expect(database.counters.replicaReads == 0 && database.counters.replicaBehind == 0)
        #expect(database.replicaStatuses().first?.lag == .zero)
    }

    @Test func whileReplayIsPausedEveryReadSeesTheLatestWriteFromThePrimary() async throws {
        try await TestPostgres.withReplica {
            let database = try await Self.database()
            try await database.write { try $0.execute("INSERT INTO counters VALUES ('n', 0)") }
            try await TestPostgres.waitForReplay()
            try await TestPostgres.pauseReplay()
            do {
                for round in 1...20 {
                    try await database.write {
                        try $0.execute("UPDATE counters SET value = ? WHERE name = 'n'", [round])
                    }
                    // No token: the read still needs what the primary had when it began.
                    #expect(try await Self.value(database) == round)
                }
            } catch {
                try await TestPostgres.resumeReplay()
                throw error
            }
            try await TestPostgres.resumeReplay()
            #expect(database.counters.replicaBehind > 0, "\(database.counters)")
            #expect(database.replicaStatuses().first?.lagBytes ?? 0 > 0)
        }
    }

    @Test func aReplicaThatIsNotThereCostsNoErrorAndIsTriedAgainOnceItsTimeIsUp() async throws {
        // The routing's time moves only when the test moves it: however busy the machine, the replica is left alone
        // for exactly `downFor`.
        let clock = SteppedMonotonicClock()
        let database = try await Self.database(downFor: .seconds(1), clock: clock) { _ in
            ["postgresql://nobody@/kith?host=/nonexistent-kith-replica"]
        }
        try await database.write { try $0.execute("INSERT INTO counters VALUES ('n', 7)") }
        for _ in 0..<5 { #expect(try await Self.value(database) == 7) }
        #expect(database.counters.replicaFailures == 1, "tried once, then left alone")
        #expect(database.counters.primaryReads >= 5)
        #expect(database.replicaStatuses().first?.available == false)
        clock.advance(by: .milliseconds(999))
        #expect(try await Self.value(database) == 7)
        #expect(database.counters.replicaFailures == 1, "tried again before its time was up")
        clock.advance(by: .milliseconds(2))
        #expect(database.replicaStatuses().first?.available == true)
        #expect(try await Self.value(database) == 7)
        #expect(database.counters.replicaFailures == 2, "not tried again once its time was up")
    }

    @Test func aPromotedReplicaIsNotRead() async throws {
        // A "replica" that is a primary (not in recovery) stands for one promoted after a failover.
        let database = try await Self.database(downFor: .seconds(600)) { [$0] }
        try await database.write { try $0.execute("INSERT INTO counters VALUES ('n', 3)") }
        #expect(try await Self.value(database) == 3)
        #expect(database.counters.replicaReads == 0)
        #expect(database.counters.replicaFailures == 1)
    }
}
