import Foundation
import PostgresStorage
import PostgresStorageTesting
import Storage
import StorageTesting
import Testing

/// The database refusing for now, losing connections, failing a COMMIT: "not available" (never a statement
/// failure) when nothing can be done, and no failure at all when running the body again is safe.
@Suite("PostgresDatabase when the database refuses or drops connections")
struct FaultTests {
    /// A statement cancelled (statement_timeout here; pg_cancel_backend alike: SQLSTATE 57014) is "not available",
    /// as a database that does not answer is: nothing is wrong with the statement.
    @Test func aCancelledStatementIsUnavailable() async throws {
        let database = try await TestPostgres.database([PostgresDatabaseTests.counters])
        await #expect(throws: StorageError(.unavailable, "The database cannot do this now (57014). Please try again."))
        {
            try await database.write { connection in
                try connection.execute("SET LOCAL statement_timeout = 100")
                try connection.execute("SELECT pg_sleep(5)")
            }
        }
        // The connection was not harmed: the next call is served.
        try await database.write { try $0.execute("INSERT INTO counters VALUES ('a', 1)") }
    }

    /// A database that refuses writes (SQLSTATE 25006: a standby after a failover, or default_transaction_read_only)
    /// is "not available" for writes; reads are served, and a server may start on it when its schema is current.
    @Test func aReadOnlyDatabaseRefusesWritesAsUnavailableAndServesReads() async throws {
        let url = try await TestPostgres.freshSchemaURL()
        let writable = try await PostgresDatabase.open(url: url, features: [PostgresDatabaseTests.counters])
        try await writable.write { try $0.execute("INSERT INTO counters VALUES ('a', 1)") }
        let readOnly = try await PostgresDatabase.open(
            url: url + "%20-cdefault_transaction_read_only%3Don", features: [PostgresDatabaseTests.counters])
        #expect(try await readOnly.read { try $0.first("SELECT value FROM counters")?.int(0) } == 1)
        await #expect(throws: StorageError(.unavailable, "The database cannot do this now (25006). Please try again."))
        {
            try await readOnly.write { try $0.execute("INSERT INTO counters VALUES ('b', 2)") }
        }
    }

    /// pg_terminate_backend on every pooled connection: each call finds its connection dead before anything of its
    /// transaction committed, replaces it and runs the body again; no call fails though the database is up.
    @Test func terminatedConnectionsAreReplacedWithoutAFailedCall() async throws {
        let name = "kith_terminated_" + UUID().uuidString.prefix(8).lowercased()
        let url = try await TestPostgres.freshSchemaURL() + "&application_name=\(name)"
        let database = try await PostgresDatabase.open(url: url, features: [PostgresDatabaseTests.counters], size: 3)
        try await database.write { try $0.execute("INSERT INTO counters VALUES ('a', 0)") }
        // Three calls at once, each holding its connection a moment: the pool opens all three.
        try await concurrently(3) { _ in try await database.read { try $0.execute("SELECT pg_sleep(0.2)") } }

        let admin = try await PostgresDatabase.open(url: try TestPostgres.clusterURL(), features: [], size: 1)
        let terminated = try await admin.write {
            try $0.first(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1", [name]
            )?.int(0)
        }
        #expect(terminated == 3)
        // Gone from pg_stat_activity, so that every pooled connection is dead before the calls below (not a failure
        // when one lingers: the counts below say whether three were found dead and replaced).
        _ = try await poll(timeout: .seconds(5)) {
            try await admin.read {
                try $0.first("SELECT count(*) FROM pg_stat_activity WHERE application_name = $1", [name])?.int(0)
            } == 0
        }

        // Writes and reads on every one of the three dead connections, all served.
        try await concurrently(3) { index in
            try await database.write { connection in
                try connection.execute("UPDATE counters SET value = value + 1 WHERE name = 'a'")
                try connection.execute("SELECT pg_sleep(0.2)")
            }
        }
        try await concurrently(3) { _ in
            try await database.read { try $0.execute("SELECT pg_sleep(0.1)") }
        }
        #expect(try await database.read { try $0.first("SELECT value FROM counters")?.int(0) } == 3)
        #expect(database.counters.replaced == 3)
        #expect(database.counters.reconnectedRetries == 3)
    }

    /// A COMMIT that fails (here a deferred trigger says 40001 at the first COMMIT) ends its transaction: the body
    /// runs again, and no ROLLBACK follows the failed COMMIT (the server would log "there is no transaction in
    /// progress").
    @Test func aFailedCommitIsRetriedWithoutARollbackTheServerWarnsAbout() async throws {
        let failFirstCommit = FeatureMigrations(
            feature: "commitfailure",
            migrations: [
                Migration("counters", "CREATE TABLE counters (name TEXT PRIMARY KEY, value BIGINT NOT NULL)"),
                Migration("failures", "CREATE SEQUENCE commit_failures"),
                Migration(
                    "function",
                    """
                    CREATE FUNCTION fail_first_commit() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                        IF nextval('commit_failures') = 1 THEN
                            RAISE EXCEPTION 'a lost race at commit' USING ERRCODE = '40001';
                        END IF;
                        RETURN NULL;
                    END $$
                    """),
                Migration(
                    "trigger",
                    """
                    CREATE CONSTRAINT TRIGGER fail_first_commit AFTER INSERT ON counters
                    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION fail_first_commit()
                    """),
            ])
        let database = try await TestPostgres.database([failFirstCommit], size: 1)
        let backend = try await database.write { connection in
            try connection.execute("INSERT INTO counters VALUES ('a', 1)")
            return try connection.first("SELECT pg_backend_pid()")?.int(0)
        }
        #expect(database.counters.retries == 1)
        #expect(try await database.read { try $0.first("SELECT count(*) FROM counters")?.int(0) } == 1)
        let pid = try #require(backend)
        // The server writes its warning before it answers the ROLLBACK, so it is in the log by now if it was sent.
        let log = try String(contentsOfFile: try TestPostgres.serverLog(), encoding: .utf8)
        let warnings = log.split(separator: "\n").filter {
            $0.contains("[\(pid)]") && $0.contains("there is no transaction in progress")
        }
        #expect(warnings.isEmpty, "\(warnings)")
    }

    /// `answers()` (what `/health` asks) does not wait in line for the pool: with every pooled connection held by a
    /// transaction waiting on a lock, it answers while they still wait.
    @Test func answersDoesNotWaitForThePool() async throws {
        let url = try await TestPostgres.freshSchemaURL()
        // Generous deadlines and a long lock: the window in which the pool is held must outlast a loaded machine.
        let timeouts = TestPostgres.generousTimeouts
        let database = try await PostgresDatabase.open(
            url: url, features: [PostgresDatabaseTests.counters], size: 2, timeouts: timeouts)
        let admin = try await PostgresDatabase.open(
            url: url, features: [PostgresDatabaseTests.counters], size: 2, timeouts: timeouts)
        let locker = Task {
            try await admin.write { connection in
                try connection.execute("LOCK TABLE counters IN ACCESS EXCLUSIVE MODE")
                try connection.execute("SELECT pg_sleep(8)")
            }
        }
        // The reads start once the lock is held: a fixed pause was not always long enough on a loaded machine, and
        // reads that ran before the lock finished at once, so none was seen waiting.
        let locked = """
            SELECT count(*) FROM pg_locks
            WHERE granted AND mode = 'AccessExclusiveLock' AND relation = 'counters'::regclass
            """
        try await eventually(timeout: .seconds(6), "counters locked") {
            try await admin.read({ try $0.first(locked)?.int(0) }) == 1
        }
        let held = (0..<2).map { _ in
            Task { try await database.read { try $0.first("SELECT count(*) FROM counters")?.int(0) } }
        }
        let waitingOnTheLock = "SELECT count(*) FROM pg_locks WHERE NOT granted AND relation = 'counters'::regclass"
        var waiting = 0
        try await eventually(timeout: .seconds(6), "both reads waiting on the lock") {
            waiting = try await admin.read { try $0.first(waitingOnTheLock)?.int(0) } ?? 0
            return waiting >= 2
        }
        #expect(waiting == 2)
        #expect(await database.answers())
        #expect(try await admin.read { try $0.first(waitingOnTheLock)?.int(0) } == 2, "answered only after the pool")
        for read in held { #expect(try await read.value == 0) }
        try await locker.value
    }

    /// Runs `count` copies of `work` at once and waits for all of them.
    private func concurrently(_ count: Int, _ work: @escaping @Sendable (Int) async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<count { group.addTask { try await work(index) } }
            try await group.waitForAll()
        }
    }
}
