import FamilyCodes
import FamilyCodesSQLite
import Foundation
import GRDB
import Identity
import IdentitySQLite
import Storage
import Testing

@Suite("FamilyCodes migrations")
struct MigrationTests {
    @Test("registered as familyCodes.<n>-<step>, after Identity's")
    func identifiers() throws {
        #expect(
            FamilyCodesMigrations.all.identifiers
                == [
                    "familyCodes.1-codes", "familyCodes.2-attempts", "familyCodes.3-usage-log",
                    "familyCodes.4-usage-log-by-code", "familyCodes.5-code-limits",
                ])
        let path = NSTemporaryDirectory() + "kith-familycodes-migrations-" + UUID().uuidString + ".sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try KithDatabase.open(at: path, features: [IdentityMigrations.all, FamilyCodesMigrations.all])
        let applied = try database.appliedMigrations()
        #expect(applied.features.last?.applied == FamilyCodesMigrations.all.identifiers)
        #expect(applied.features.last?.pending == [])
    }

    @Test(
        "rows made before 4-usage-log-by-code and 5-code-limits stay; the player sees the same log and a code without limits"
    )
    func upgrade() async throws {
        let path = NSTemporaryDirectory() + "kith-familycodes-upgrade-" + UUID().uuidString + ".sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let clock = ManualClock()
        let before = FeatureMigrations(
            feature: "familyCodes", migrations: Array(FamilyCodesMigrations.all.migrations.prefix(3)))
        let old = try KithDatabase.open(at: path, features: [IdentityMigrations.all, before])
        let identity = LocalIdentityService(
            store: SQLiteIdentityStore(database: old), clock: clock, hasher: Argon2PasswordHasher(parameters: .testing))
        let grant = try await identity.register(
            SignUp(email: "pia@example.com", firstName: "Pia", lastName: "Lee", password: "password-1", role: .player))
        let pia = Principal(accountId: grant.accountId)
        let family = try await identity.createHousehold(pia, name: "Lee Family")
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

        let database = try KithDatabase.open(at: path, features: [IdentityMigrations.all, FamilyCodesMigrations.all])
        let upgraded = LocalFamilyCodeService(store: SQLiteFamilyCodeStore(database: database), clock: clock)
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
}
