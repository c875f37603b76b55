import Accounts
import Argon2
import FamilyCodes
import FamilyCodesSQL
import Foundation
import GRDB
import Identity
import IdentitySQL
import SQLiteStorage
import Storage

/// Joins per second (each its own transaction: lock check, lookup, membership, usage-log row) beside raw
/// single-row INSERT transactions on a file with the same settings, in the same run.
///
/// The three kinds run in alternating rounds, so a slow stretch of the machine weighs on all of them alike.
/// Each kind also reports the pages its transactions write to the WAL: in WAL mode (synchronous NORMAL,
/// SQLiteDatabase sets it) a commit costs about the pages it writes, which is what separates a join from an insert.
enum FamilyCodesBenchmark {
    /// Transactions per round, and per page count (a fresh WAL holds 1,000 pages before SQLite
    /// checkpoints it, so 100 joins of under 10 pages each are counted whole).
    static let round = 100

    static func run(joins: Int) async throws {
        let folder = NSTemporaryDirectory() + "kith-bench-family-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        // Setup, not measured: players with a family each, and as many parents. Cheap hashing: the
        // benchmark is about the join transaction, not passwords. One round more than measured, for the
        // page count.
        let database = try SQLiteDatabase.open(
            at: folder + "/joins.sqlite", features: [IdentityMigrations.all, FamilyCodesMigrations.all])
        let identity = LocalIdentityService(
            store: SQLStore(identityOn: database),
            options: IdentityOptions(hasher: Argon2PasswordHasher(parameters: .testing)))
        let service = LocalFamilyCodeService(store: SQLStore(familyCodesOn: database))
        var work: [(Principal, String)] = []
        for index in 0..<(joins + round) {
            let player = try await identity.register(
                SignUp(
                    email: "player\(index)@bench.test", firstName: "Player", lastName: "Bench", password: "password-1",
                    role: .player))
            let code = try await service.code(Principal(accountId: player.accountId)).code
            let parent = try await identity.register(
                SignUp(
                    email: "parent\(index)@bench.test", firstName: "Parent", lastName: "Bench", password: "password-1",
                    role: .parent))
            work.append((Principal(accountId: parent.accountId), code))
        }

        let raw = try SQLiteDatabase.open(
            at: folder + "/raw.sqlite",
            features: [
                FeatureMigrations(
                    feature: "bench",
                    migrations: [
                        Migration("rows", "CREATE TABLE rows (id INTEGER PRIMARY KEY, value TEXT NOT NULL)"),
                        // Shaped like the usage log, with its index: the one row every join must write.
                        Migration(
                            "log-rows",
                            """
                            CREATE TABLE log_rows (seq INTEGER PRIMARY KEY AUTOINCREMENT, at DATETIME NOT NULL,
                                account_id TEXT NOT NULL, code TEXT NOT NULL, family_id TEXT, result TEXT NOT NULL);
                            CREATE INDEX log_rows_code ON log_rows(code);
                            """),
                    ])
            ])

        let kinds: [Kind] = [
            Kind(name: "raw single-row INSERT transactions, 1-column table ", pool: raw.pool) { index in
                try await raw.pool.write { db in
                    try db.cachedStatement(sql: "INSERT INTO rows (value) VALUES (?)").execute(arguments: [
                        "row \(index)"
                    ])
                }
            },
            Kind(name: "raw single-row INSERT transactions, usage-log table", pool: raw.pool) { index in
                let (parent, code) = work[index]
                try await raw.pool.write { db in
                    try db.cachedStatement(
                        sql: "INSERT INTO log_rows (at, account_id, code, family_id, result) VALUES (?, ?, ?, ?, ?)"
                    ).execute(arguments: [Date(), parent.accountId, code, "family-\(index)", "joined"])
                }
            },
            Kind(name: "family joins (lock check, lookup, member, log)     ", pool: database.pool) { index in
                let (parent, code) = work[index]
                _ = try await service.join(parent, code: code)
            },
        ]

        // Pages first, on the extra round; then the timed rounds on the rest.
        var pages: [Double] = []
        for kind in kinds { pages.append(try await kind.pagesWritten(indices: joins..<(joins + round))) }
        var nanoseconds = [UInt64](repeating: 0, count: kinds.count)
        for start in stride(from: 0, to: joins, by: round) {
            for (position, kind) in kinds.enumerated() {
                nanoseconds[position] += try await kind.time(indices: start..<min(start + round, joins))
            }
        }

        let rates = nanoseconds.map { Double(joins) / (Double($0) / 1e9) }
        print("family codes, in-process on SQLite (higher is better), \(joins) each, in rounds of \(round)")
        for (position, kind) in kinds.enumerated() {
            print(
                String(format: "  %@ %8.0f /s  %4.1f pages written each", kind.name, rates[position], pages[position]))
        }
        print(
            String(
                format: "  joins: %.2fx the 1-column table's rate, %.2fx the usage-log table's", rates[2] / rates[0],
                rates[2] / rates[1]))
        print("goal: joins at least 0.50x the raw rate")
    }

    /// One kind of transaction: `body(index)` runs the transaction for work item `index`.
    struct Kind {
        let name: String
        let pool: DatabasePool
        let body: (Int) async throws -> Void

        func time(indices: Range<Int>) async throws -> UInt64 {
            let start = DispatchTime.now().uptimeNanoseconds
            for index in indices { try await body(index) }
            return DispatchTime.now().uptimeNanoseconds - start
        }

        /// Pages added to the WAL per transaction, counted from an emptied WAL (read, not changed settings).
        func pagesWritten(indices: Range<Int>) async throws -> Double {
            try await pool.writeWithoutTransaction { db in
                _ = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
            for index in indices { try await body(index) }
            let walPages = try await pool.writeWithoutTransaction { db -> Int in
                // (busy, pages in the WAL, pages checkpointed): a passive checkpoint reports without waiting.
                let row = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(PASSIVE)")
                return row?[1] ?? 0
            }
            return Double(walPages) / Double(indices.count)
        }
    }
}
