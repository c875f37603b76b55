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
                    "familyCodes.4-usage-log-by-code",
                ])
        let path = NSTemporaryDirectory() + "kith-familycodes-migrations-" + UUID().uuidString + ".sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try KithDatabase.open(at: path, features: [IdentityMigrations.all, FamilyCodesMigrations.all])
        let applied = try database.appliedMigrations()
        #expect(applied.features.last?.applied == FamilyCodesMigrations.all.identifiers)
        #expect(applied.features.last?.pending == [])
    }

    @Test("the usage log keeps every row through 4-usage-log-by-code, and the player sees the same log")
    func usageLogUpgrade() async throws {
        let path = NSTemporaryDirectory() + "kith-familycodes-upgrade-" + UUID().uuidString + ".sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let clock = ManualClock()
        let before = FeatureMigrations(
            feature: "familyCodes", migrations: Array(FamilyCodesMigrations.all.migrations.prefix(3)))

        func services(_ familyCodes: FeatureMigrations) throws -> (LocalIdentityService, LocalFamilyCodeService) {
            let database = try KithDatabase.open(at: path, features: [IdentityMigrations.all, familyCodes])
            return (
                LocalIdentityService(
                    store: SQLiteIdentityStore(database: database), clock: clock,
                    hasher: Argon2PasswordHasher(parameters: .testing)),
                LocalFamilyCodeService(store: SQLiteFamilyCodeStore(database: database), clock: clock)
            )
        }
        func signUp(_ identity: LocalIdentityService, _ first: String, _ role: AccountRole) async throws -> Principal {
            let grant = try await identity.register(
                SignUp(
                    email: "\(first)@example.com", firstName: first, lastName: "Lee", password: "password-1",
                    role: role))
            return Principal(accountId: grant.accountId)
        }

        let (identity, service) = try services(before)
        let pia = try await signUp(identity, "pia", .player)
        let pat = try await signUp(identity, "pat", .parent)
        let sam = try await signUp(identity, "sam", .parent)
        let first = try await service.code(pia).code
        clock.advance(by: 1)
        _ = try await service.join(pat, code: first)
        clock.advance(by: 1)
        _ = try await service.regenerateCode(pia)
        clock.advance(by: 1)
        _ = try? await service.join(sam, code: first)
        clock.advance(by: 1)
        _ = try? await service.join(sam, code: "FAM-ZZZZZZ")
        let logBefore = try await service.usageLog(pia)
        #expect(logBefore.map(\.result) == [.notFound, .joined])

        let (_, upgraded) = try services(FamilyCodesMigrations.all)
        #expect(try await upgraded.usageLog(pia) == logBefore)
        let database = try KithDatabase.open(at: path, features: [IdentityMigrations.all, FamilyCodesMigrations.all])
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
