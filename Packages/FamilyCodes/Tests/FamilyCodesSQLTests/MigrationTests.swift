import Accounts
import Argon2
import FamilyCodes
import FamilyCodesSQL
import Foundation
import GRDB
import Households
import Identity
import IdentitySQL
import Kernel
import PostgresStorageTesting
import SQLiteStorage
import Storage
import StorageTesting
import Testing

/// The SQLite steps as they shipped before the one SQL store, word for word: what files made by earlier builds hold.
enum ShippedSQLiteSteps {
    static let steps = [
        Migration(
            "codes",
            """
            CREATE TABLE familycodes_codes (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                family_id TEXT NOT NULL REFERENCES identity_households(id) ON DELETE CASCADE,
                code TEXT NOT NULL,
                generated_at DATETIME NOT NULL,
                retired_at DATETIME
            );
            CREATE UNIQUE INDEX familycodes_codes_live_code ON familycodes_codes(code)
                WHERE retired_at IS NULL;
            CREATE UNIQUE INDEX familycodes_codes_live_family ON familycodes_codes(family_id)
                WHERE retired_at IS NULL;
            CREATE INDEX familycodes_codes_family ON familycodes_codes(family_id);
            """),
        Migration(
            "attempts",
            """
            CREATE TABLE familycodes_failures (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                key TEXT NOT NULL,
                failed_at DATETIME NOT NULL
            );
            CREATE INDEX familycodes_failures_key ON familycodes_failures(key);
            CREATE TABLE familycodes_locks (
                key TEXT PRIMARY KEY NOT NULL,
                locked_until DATETIME NOT NULL
            );
            """),
        Migration(
            "usage-log",
            """
            CREATE TABLE familycodes_usage_log (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                at DATETIME NOT NULL,
                account_id TEXT NOT NULL,
                code TEXT NOT NULL,
                family_id TEXT,
                result TEXT NOT NULL
            );
            CREATE INDEX familycodes_usage_log_family ON familycodes_usage_log(family_id);
            CREATE INDEX familycodes_usage_log_code ON familycodes_usage_log(code);
            CREATE INDEX familycodes_usage_log_account ON familycodes_usage_log(account_id);
            """),
        Migration(
            "usage-log-by-code",
            """
            DROP INDEX familycodes_usage_log_family;
            DROP INDEX familycodes_usage_log_account;
            """),
        Migration(
            "code-limits",
            """
            ALTER TABLE familycodes_codes ADD COLUMN expires_at DATETIME;
            ALTER TABLE familycodes_codes ADD COLUMN max_uses INTEGER;
            ALTER TABLE familycodes_codes ADD COLUMN uses INTEGER NOT NULL DEFAULT 0;
            """),
    ]

    /// The first `count` shipped steps, as a build that had only those registered them.
    static func first(_ count: Int) -> FeatureMigrations {
        FeatureMigrations(feature: "familyCodes", migrations: Array(steps.prefix(count)))
    }
}

@Suite("FamilyCodes migrations")
struct MigrationTests {
    @Test("registered as familyCodes.<n>-<step>, after Identity's, as each engine recorded them")
    func identifiers() throws {
        #expect(
            FamilyCodesMigrations.all.identifiers(for: .sqlite)
                == [
                    "familyCodes.1-codes", "familyCodes.2-attempts", "familyCodes.3-usage-log",
                    "familyCodes.4-usage-log-by-code", "familyCodes.5-code-limits",
                ])
        #expect(
            FamilyCodesMigrations.all.identifiers(for: .postgres)
                == [
                    "familyCodes.1-codes", "familyCodes.2-attempts", "familyCodes.3-usage-log",
                    "familyCodes.4-code-limits",
                ])
        #expect(
            ShippedSQLiteSteps.first(5).identifiers(for: .sqlite) == FamilyCodesMigrations.all.identifiers(for: .sqlite)
        )
        let path = NSTemporaryDirectory() + "kith-familycodes-migrations-" + UUID().uuidString + ".sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try SQLiteDatabase.open(at: path, features: [IdentityMigrations.all, FamilyCodesMigrations.all])
        let applied = try database.appliedMigrations()
        #expect(applied.features.last?.applied == FamilyCodesMigrations.all.identifiers(for: .sqlite))
        #expect(applied.features.last?.pending == [])
    }

    @Test(
        "rows made before 4-usage-log-by-code and 5-code-limits stay; the player sees the same log and a code without limits"
    )
    func upgrade() async throws {
        let path = NSTemporaryDirectory() + "kith-familycodes-upgrade-" + UUID().uuidString + ".sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let clock = ManualClock()
        let (old, pia, family) = try await Self.playerWithFamily(onShippedSteps: 3, at: path, clock: clock)
        // What the third step's schema held: a retired code and the live one, a join, a retired-code attempt and
        // an unknown code (not the family's to see).
        let start = clock.now()
        try await old.pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO familycodes_codes (family_id, code, generated_at, retired_at) VALUES (?, 'FAM-AAAAAA', ?, ?);
                    INSERT INTO familycodes_codes (family_id, code, generated_at) VALUES (?, 'FAM-BBBBBB', ?);
                    INSERT INTO familycodes_usage_log (at, account_id, code, family_id, result)
                        VALUES (?, 'pat', 'FAM-AAAAAA', ?, 'joined');
                    INSERT INTO familycodes_usage_log (at, account_id, code, family_id, result)
                        VALUES (?, 'sam', 'FAM-AAAAAA', NULL, 'not_found');
                    INSERT INTO familycodes_usage_log (at, account_id, code, family_id, result)
                        VALUES (?, 'sam', 'FAM-ZZZZZZ', NULL, 'not_found');
                    """,
                arguments: [
                    family.id, start, start + 2, family.id, start + 2, start + 1, family.id, start + 3, start + 4,
                ])
        }

        let database = try SQLiteDatabase.open(at: path, features: [IdentityMigrations.all, FamilyCodesMigrations.all])
        let upgraded = LocalFamilyCodeService(store: SQLStore(familyCodesOn: database), clock: clock)
        #expect(try await upgraded.usageLog(pia).map(\.result) == [.notFound, .joined])
        let code = try await upgraded.code(pia)
        #expect(code.code == "FAM-BBBBBB" && code.expiresAt == nil && code.maxUses == nil && code.uses == 0)
        let indexes = try await database.pool.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'familycodes_usage_log'")
        }
        #expect(indexes == ["familycodes_usage_log_code"])
        let rows = try await database.pool.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM familycodes_usage_log")
        }
        #expect(rows == 3)
    }

    @Test("a file made by the whole shipped schema opens with nothing to apply and reads back what it holds")
    func shippedFile() async throws {
        let path = NSTemporaryDirectory() + "kith-familycodes-shipped-" + UUID().uuidString + ".sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let clock = ManualClock()
        let (old, _, family) = try await Self.playerWithFamily(onShippedSteps: 5, at: path, clock: clock)
        let start = clock.now()
        // Written with GRDB as the SQLite store of that build wrote them.
        try await old.writeDatabase { db in
            try db.execute(
                sql: """
                    INSERT INTO familycodes_codes (family_id, code, generated_at, expires_at, max_uses, uses)
                        VALUES (?, 'FAM-CCCCCC', ?, ?, 3, 1);
                    INSERT INTO familycodes_usage_log (at, account_id, code, family_id, result)
                        VALUES (?, 'pat', 'FAM-CCCCCC', ?, 'joined');
                    INSERT INTO familycodes_failures (key, failed_at) VALUES ('account:sam', ?);
                    INSERT INTO familycodes_locks (key, locked_until) VALUES ('account:sam', ?);
                    """,
                arguments: [family.id, start, start + 86_400, start + 1, family.id, start + 2, start + 300])
        }
        try old.close()

        let database = try SQLiteDatabase.open(at: path, features: [IdentityMigrations.all, FamilyCodesMigrations.all])
        #expect(try database.appliedMigrations().features.allSatisfy { $0.pending.isEmpty })
        let store = SQLStore(familyCodesOn: database)
        let (code, log, state) = try await store.read { codes, _ in
            (
                try codes.liveCode(familyId: family.id), try codes.usage(familyIds: [family.id], codes: ["FAM-CCCCCC"]),
                try codes.rateLimitState(key: "account:sam")
            )
        }
        #expect(
            code
                == FamilyCode(
                    familyId: family.id, code: "FAM-CCCCCC", generatedAt: start, expiresAt: start + 86_400, maxUses: 3,
                    uses: 1))
        #expect(log.map(\.result) == [.joined] && log.first?.at == start + 1 && log.first?.accountId == "pat")
        #expect(state == RateLimitState(failures: [start + 2], lockedUntil: start + 300))
        // And what the new store writes, the file reads the same way.
        try await store.write { codes, _ in try codes.countUse(ofLiveCode: "FAM-CCCCCC") }
        #expect(try await store.read { codes, _ in try codes.liveCode(code: "FAM-CCCCCC")?.uses } == 2)
    }

    @Test("a fresh migrate leaves the same tables, columns, keys and indexes on SQLite and PostgreSQL")
    func sameSchema() async throws {
        let path = NSTemporaryDirectory() + "kith-familycodes-schema-" + UUID().uuidString + ".sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let sqlite = try await SchemaShape.read(
            try SQLiteDatabase.open(at: path, features: [IdentityMigrations.all, FamilyCodesMigrations.all]),
            tablesPrefixed: "familycodes_")
        let postgres = try await SchemaShape.read(
            try await TestPostgres.database([IdentityMigrations.all, FamilyCodesMigrations.all]),
            tablesPrefixed: "familycodes_"
        )
        #expect(sqlite.tables.count == 4)
        #expect(sqlite == postgres, "SQLite:\n\(sqlite)\nPostgreSQL:\n\(postgres)")
    }

    @Test("a file made before the one SQL store has the schema a fresh file gets")
    func shippedSchemaIsToday() async throws {
        let old = NSTemporaryDirectory() + "kith-familycodes-old-" + UUID().uuidString + ".sqlite"
        let fresh = NSTemporaryDirectory() + "kith-familycodes-fresh-" + UUID().uuidString + ".sqlite"
        defer {
            for path in [old, fresh] {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            }
        }
        let shipped = try await SchemaShape.read(
            try SQLiteDatabase.open(at: old, features: [IdentityMigrations.all, ShippedSQLiteSteps.first(5)]),
            tablesPrefixed: "familycodes_")
        let today = try await SchemaShape.read(
            try SQLiteDatabase.open(at: fresh, features: [IdentityMigrations.all, FamilyCodesMigrations.all]),
            tablesPrefixed: "familycodes_")
        #expect(shipped == today)
    }

    /// A file of the first `steps` shipped FamilyCodes steps (after Identity's) holding Pia, a player, and her family.
    static func playerWithFamily(
        onShippedSteps steps: Int, at path: String, clock: ManualClock
    ) async throws -> (SQLiteDatabase, Principal, Household) {
        let database = try SQLiteDatabase.open(
            at: path, features: [IdentityMigrations.all, ShippedSQLiteSteps.first(steps)])
        let identity = LocalIdentityService(
            store: SQLStore(identityOn: database),
            options: IdentityOptions(clock: clock, hasher: Argon2PasswordHasher(parameters: .testing)))
        let grant = try await identity.register(
            SignUp(email: "pia@example.com", firstName: "Pia", lastName: "Lee", password: "password-1", role: .player))
        let pia = Principal(accountId: grant.accountId)
        return (database, pia, try await identity.createHousehold(pia, name: "Lee Family"))
    }
}
