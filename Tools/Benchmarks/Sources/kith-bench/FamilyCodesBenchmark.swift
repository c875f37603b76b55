import FamilyCodes
import FamilyCodesSQLite
import Foundation
import GRDB
import Identity
import IdentitySQLite
import Storage

/// Joins per second (each its own transaction: lock check, lookup, membership, usage-log row) beside raw
/// single-row INSERT transactions on a file with the same settings, in the same run.
enum FamilyCodesBenchmark {
    static func run(joins: Int) async throws {
        let folder = NSTemporaryDirectory() + "kith-bench-family-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        // Setup, not measured: players with a family each, and as many parents. Cheap hashing: the
        // benchmark is about the join transaction, not passwords.
        let database = try KithDatabase.open(
            at: folder + "/joins.sqlite", features: [IdentityMigrations.all, FamilyCodesMigrations.all])
        let identity = LocalIdentityService(
            store: SQLiteIdentityStore(database: database),
            hasher: Argon2PasswordHasher(parameters: .testing))
        let service = LocalFamilyCodeService(store: SQLiteFamilyCodeStore(database: database))
        var work: [(Principal, String)] = []
        for index in 0..<joins {
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

        let joinStart = DispatchTime.now().uptimeNanoseconds
        for (parent, code) in work { _ = try await service.join(parent, code: code) }
        let joinSeconds = Double(DispatchTime.now().uptimeNanoseconds - joinStart) / 1e9

        let raw = try KithDatabase.open(
            at: folder + "/raw.sqlite",
            features: [
                FeatureMigrations(
                    feature: "bench",
                    migrations: [
                        Migration("rows") { db in
                            try db.execute(sql: "CREATE TABLE rows (id INTEGER PRIMARY KEY, value TEXT NOT NULL)")
                        },
                        // Shaped like the usage log, with its three indexes: the one row every join must write.
                        Migration("log-rows") { db in
                            try db.execute(
                                sql: """
                                    CREATE TABLE log_rows (seq INTEGER PRIMARY KEY AUTOINCREMENT, at DATETIME NOT NULL,
                                        account_id TEXT NOT NULL, code TEXT NOT NULL, family_id TEXT, result TEXT NOT NULL);
                                    CREATE INDEX log_rows_family ON log_rows(family_id);
                                    CREATE INDEX log_rows_code ON log_rows(code);
                                    CREATE INDEX log_rows_account ON log_rows(account_id);
                                    """)
                        },
                    ])
            ])
        let rawStart = DispatchTime.now().uptimeNanoseconds
        for index in 0..<joins {
            try await raw.pool.write { db in
                try db.execute(sql: "INSERT INTO rows (value) VALUES (?)", arguments: ["row \(index)"])
            }
        }
        let rawSeconds = Double(DispatchTime.now().uptimeNanoseconds - rawStart) / 1e9
        let logStart = DispatchTime.now().uptimeNanoseconds
        for (index, (parent, code)) in work.enumerated() {
            try await raw.pool.write { db in
                try db.cachedStatement(
                    sql: "INSERT INTO log_rows (at, account_id, code, family_id, result) VALUES (?, ?, ?, ?, ?)"
                ).execute(arguments: [Date(), parent.accountId, code, "family-\(index)", "joined"])
            }
        }
        let logSeconds = Double(DispatchTime.now().uptimeNanoseconds - logStart) / 1e9

        let joinRate = Double(joins) / joinSeconds
        let rawRate = Double(joins) / rawSeconds
        let logRate = Double(joins) / logSeconds
        print("family codes, in-process on SQLite (higher is better), \(joins) each")
        print(String(format: "  raw single-row INSERT transactions, 1-column table  %8.0f /s", rawRate))
        print(String(format: "  raw single-row INSERT transactions, usage-log table %8.0f /s", logRate))
        print(String(format: "  family joins (lock check, lookup, member, log)      %8.0f /s", joinRate))
        print(
            String(
                format: "  joins: %.2fx the 1-column table's rate, %.2fx the usage-log table's", joinRate / rawRate,
                joinRate / logRate))
        print("goal: joins at least 0.50x the raw rate")
    }
}
