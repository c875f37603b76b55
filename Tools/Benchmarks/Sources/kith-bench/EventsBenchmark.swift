import Accounts
import Argon2
import Foundation
import Households
import Identity
import IdentitySQL
import Kernel
import PostgresStorage
import PostgresStorageTesting
import SQLiteStorage
import Storage

/// What the event log costs (DOMAIN.md "Events"): the same write transaction with and without the event it writes,
/// side by side, and how fast a reader pages through the feed, on SQLite and on PostgreSQL.
///
/// The write is the shape of Kith's common changes: read the account, update it, and add the guardians' audit line
/// (one read and two writes), by 16 writers at once; "with" adds the one event such a change writes. The rounds
/// alternate so a slow stretch of the machine weighs on both alike, each pair in the other order than the one before,
/// after a first pair that is not counted (`order`). Every write is counted only when it committed.
///
/// Beside each throughput, the CPU time each committed write took (`RoundCPU`: this process's, and on PostgreSQL the
/// server's): on a busy machine the writes per second of a round move with whatever else runs, the CPU per write far
/// less, so its ratio is the steadier figure of the event's cost.
enum EventsBenchmark {
    static let writers = 16
    static let roundSeconds = 2.0
    static let rounds = 4
    static let pagedEvents = 50_000
    static let page = 1_000

    /// Which side runs first in each pair of rounds, the uncounted first pair included (round 0).
    ///
    /// A fresh database's first seconds are its fastest (an empty WAL, no dead row versions yet, little to check-
    /// point): counted per round, the first round was above every later one of its side in all four measures (by 8%
    /// to 88% over their mean), and with "without" always first it went to "without" alone, which read as the event's
    /// cost. The first pair warms both up, and the order flips from pair to pair so a drift over the run weighs on both
    /// sides alike.
    static func order(ofRound round: Int) -> [Bool] {
        round.isMultiple(of: 2) ? [false, true] : [true, false]
    }

    static func run() async throws {
        if let probe = ProcessInfo.processInfo.environment["KITH_EVENTS_PROBE"] {
            return try await EventsProbe.run(probe)
        }
        let folder = NSTemporaryDirectory() + "kith-bench-events-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var engines: [(String, any SQLDatabase)] = [
            ("SQLite", try SQLiteDatabase.open(at: folder + "/events.sqlite", features: [IdentityMigrations.all]))
        ]
        if (try? TestPostgres.clusterURL()) != nil {
            let url = try await TestPostgres.freshSchemaURL()
            engines.append(
                ("PostgreSQL", try await PostgresDatabase.open(url: url, features: [IdentityMigrations.all])))
        } else {
            print("  (PostgreSQL skipped: KITH_TEST_DATABASE_URL is not set; Tools/bench --only events starts one)")
        }
        print(
            "the event log: a write with and without its event (\(writers) writers), and the feed paged \(page) at a time"
        )
        for (name, database) in engines {
            try await writes(name, database)
            try await domainWrites(name, database)
            try await paging(name, SQLStore(identityOn: database))
        }
    }

    static func writes(_ engine: String, _ database: any SQLDatabase) async throws {
        let store = SQLStore(identityOn: database)
        let accounts = try await seedAccounts(store)
        var committed: [Bool: Int] = [false: 0, true: 0]
        var failed: [Bool: Int] = [false: 0, true: 0]
        var cpu = CPUPerWrite()
        for round in 0...rounds {
            for withEvent in order(ofRound: round) {
                let start = try await RoundCPU.start(database)
                let (done, refused) = try await writeRound(store, accounts: accounts, withEvent: withEvent)
                let spent = try await RoundCPU.since(start, database)
                guard round > 0 else { continue }
                committed[withEvent, default: 0] += done
                failed[withEvent, default: 0] += refused
                cpu.add(spent, committed: done, withEvent: withEvent)
            }
        }
        let seconds = roundSeconds * Double(rounds)
        let without = Double(committed[false]!) / seconds
        let with = Double(committed[true]!) / seconds
        print("  \(engine)  (load average \(loadAverage()))")
        print(String(format: "    writes without an event  %8.0f /s", without))
        print(
            String(
                format: "    writes with its event    %8.0f /s  (%.1f%% of the write path; goal: at most 10%%)", with,
                (1 - with / without) * 100))
        cpu.print("write", remote: database.dialect == .postgres)
        let refused = failed[false]! + failed[true]!
        if refused > 0 {
            print(
                "    (\(refused) writes failed and are not counted: \(failed[false]!) without, \(failed[true]!) with)")
        }
    }

    /// DOMAIN.md's measure: the real write path (`LocalIdentityService.changeName`: validation, the account read and
    /// saved, and its `account.updated` event), by 16 callers, with and without the event's row. "Without" is the same
    /// service and store over the same database while the table takes no row (benchmark only): a trigger that drops
    /// the insert (no row, no sqlite_sequence update; on PostgreSQL a row trigger returning NULL, whose own call the
    /// "without" rounds pay). The statement is still built and sent, so the figure is the row's cost.
    static func domainWrites(_ engine: String, _ database: any SQLDatabase) async throws {
        let store = SQLStore(identityOn: database)
        let service = LocalIdentityService(
            store: store, options: IdentityOptions(hasher: Argon2PasswordHasher(parameters: .owasp)))
        let accounts = try await seedAccounts(store)
        // A trigger that drops the row, on both engines: it runs when a row is inserted, so every pooled connection's
        // prepared INSERT obeys it from the next statement on. (A PostgreSQL rule would not: rules rewrite a statement
        // when it is prepared, and the rounds with events then wrote none.)
        let (ignore, restore) =
            database.dialect == .postgres
            ? (
                "CREATE TRIGGER bench_no_events BEFORE INSERT ON identity_events FOR EACH ROW EXECUTE FUNCTION bench_no_row()",
                "DROP TRIGGER bench_no_events ON identity_events"
            )
            : (
                "CREATE TRIGGER bench_no_events BEFORE INSERT ON identity_events BEGIN SELECT RAISE(IGNORE); END",
                "DROP TRIGGER bench_no_events"
            )
        if database.dialect == .postgres {
            try await database.write(synchronous: true) {
                try $0.execute(
                    "CREATE OR REPLACE FUNCTION bench_no_row() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NULL; END'"
                )
            }
        }
        var committed: [Bool: Int] = [false: 0, true: 0]
        var failed: [Bool: Int] = [false: 0, true: 0]
        // Renames in rounds with events, the uncounted first included: each wrote one event.
        var renamedWithEvents = 0
        let before = try await database.read { try $0.first("SELECT count(*) FROM identity_events")?.int(0) ?? 0 }
        // Renames made per account so far: each alternates between two last names across rounds, so no rename repeats
        // the name the account already has (a change to the same name is no change and writes no event).
        var renamed = [Int](repeating: 0, count: accounts.count)
        var cpu = CPUPerWrite()
        for round in 0...rounds {
            for withEvent in order(ofRound: round) {
                if !withEvent { try await database.write(synchronous: true) { try $0.execute(ignore) } }
                let start = try await RoundCPU.start(database)
                let deadline = ContinuousClock.now + .seconds(roundSeconds)
                let (done, refused) = try await withThrowingTaskGroup(of: (Int, Int, Int).self) { group in
                    for (index, account) in accounts.enumerated() {
                        let start = renamed[index]
                        group.addTask {
                            let principal = Principal(accountId: account.id)
                            var (done, refused) = (0, 0)
                            while ContinuousClock.now < deadline {
                                do {
                                    _ = try await service.changeName(
                                        principal, firstName: "Writer",
                                        lastName: (start + done).isMultiple(of: 2) ? "Alpha" : "Beta")
                                    done += 1
                                } catch {
                                    refused += 1
                                }
                            }
                            return (index, done, refused)
                        }
                    }
                    return try await group.reduce(into: (0, 0)) {
                        renamed[$1.0] += $1.1
                        $0.0 += $1.1
                        $0.1 += $1.2
                    }
                }
                let spent = try await RoundCPU.since(start, database)
                if !withEvent { try await database.write(synchronous: true) { try $0.execute(restore) } }
                if withEvent { renamedWithEvents += done }
                guard round > 0 else { continue }
                committed[withEvent, default: 0] += done
                failed[withEvent, default: 0] += refused
                cpu.add(spent, committed: done, withEvent: withEvent)
            }
        }
        // The "with" rounds wrote one event per rename, the "without" rounds none: the comparison is of what it says.
        let after = try await database.read { try $0.first("SELECT count(*) FROM identity_events")?.int(0) ?? 0 }
        guard after - before == renamedWithEvents else {
            throw ProcessTimer.Failure(
                description: "\(after - before) events for \(renamedWithEvents) renames with events (\(engine))")
        }
        let seconds = roundSeconds * Double(rounds)
        let without = Double(committed[false]!) / seconds
        let with = Double(committed[true]!) / seconds
        print(
            "    through the domain (LocalIdentityService.changeName, \(writers) callers; load average \(loadAverage()))"
        )
        print(String(format: "    renames without the event row %8.0f /s", without))
        print(
            String(
                format: "    renames with the event row    %8.0f /s  (%.1f%% of the write path; goal: at most 10%%)",
                with, (1 - with / without) * 100))
        cpu.print("rename", remote: database.dialect == .postgres)
        let refused = failed[false]! + failed[true]!
        if refused > 0 {
            print(
                "    (\(refused) renames failed and are not counted: \(failed[false]!) without, \(failed[true]!) with)")
        }
    }

    static func loadAverage() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3)
            .joined(separator: " ")
    }

    static func seedAccounts(_ store: any IdentityStore) async throws -> [Account] {
        let now = Date()
        let accounts = (0..<writers).map { index in
            Account(
                id: "bench-\(index)-\(UUID().uuidString)", email: "writer\(index)-\(UUID().uuidString)@example.com",
                firstName: "Writer", lastName: "\(index)", createdAt: now)
        }
        try await store.write { transaction in
            for account in accounts { try transaction.insertAccount(account, passwordHash: "x") }
        }
        return accounts
    }

    static func writeRound(
        _ store: any IdentityStore, accounts: [Account], withEvent: Bool
    ) async throws -> (committed: Int, failed: Int) {
        let deadline = ContinuousClock.now + .seconds(roundSeconds)
        return try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for account in accounts {
                group.addTask {
                    var (done, refused) = (0, 0)
                    while ContinuousClock.now < deadline {
                        do {
                            try await write(store, account: account, number: done, withEvent: withEvent)
                            done += 1
                        } catch {
                            refused += 1
                        }
                    }
                    return (done, refused)
                }
            }
            var total = (0, 0)
            for try await (done, refused) in group {
                total.0 += done
                total.1 += refused
            }
            return total
        }
    }

    /// One write of the benchmark's shape: the account read and saved with a new last name (from `number`), an audit
    /// line, and with `withEvent` its event.
    static func write(_ store: any IdentityStore, account: Account, number: Int, withEvent: Bool) async throws {
        try await store.write { transaction in
            try writeBody(transaction, account: account, number: number, withEvent: withEvent)
        }
    }

    /// What `write` does inside its transaction.
    static func writeBody(
        _ transaction: any IdentityStoreTransaction, account: Account, number: Int, withEvent: Bool
    ) throws {
        let now = Date()
        let id = UUID().uuidString
        guard var stored = try transaction.account(id: account.id) else { return }
        stored.lastName = String(number % 100)
        try transaction.updateAccount(stored)
        try transaction.insertActingRecord(
            ActingRecord(
                id: id, actorAccountId: account.id, subjectMemberId: account.id, subjectDisplayName: "Writer",
                action: "rename", at: now))
        if withEvent {
            try transaction.appendEvent(
                NewEvent("account.updated", subject: EventSubject(accountId: account.id), data: ["changed": "name"]),
                id: id, at: now)
        }
    }

    static func paging(_ engine: String, _ store: any IdentityStore) async throws {
        let now = Date()
        for batch in stride(from: 0, to: pagedEvents, by: 5_000) {
            try await store.write { transaction in
                for index in batch..<min(batch + 5_000, pagedEvents) {
                    try transaction.appendEvent(
                        NewEvent("account.updated", subject: EventSubject(accountId: "a\(index % 97)")),
                        id: "page-\(index)-\(UUID().uuidString)", at: now)
                }
            }
        }
        let begin = ContinuousClock.now
        var cursor = EventCursor.start
        var read = 0
        while true {
            let after = cursor
            let events = try await store.read { try $0.events(after: after, limit: page) }
            guard let last = events.last else { break }
            read += events.count
            cursor = last.cursor
        }
        let elapsed = ContinuousClock.now - begin
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(
            String(
                format: "    feed paged               %8.0f events/s  (%d events, goal: at least 10,000/s)",
                Double(read) / seconds, read))
    }
}
