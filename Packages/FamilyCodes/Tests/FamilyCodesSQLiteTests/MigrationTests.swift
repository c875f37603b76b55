import FamilyCodesSQLite
import Foundation
import IdentitySQLite
import Storage
import Testing

@Suite("FamilyCodes migrations")
struct MigrationTests {
    @Test("registered as familyCodes.<n>-<step>, after Identity's")
    func identifiers() throws {
        #expect(
            FamilyCodesMigrations.all.identifiers
                == ["familyCodes.1-codes", "familyCodes.2-attempts", "familyCodes.3-usage-log"])
        let path = NSTemporaryDirectory() + "kith-familycodes-migrations-" + UUID().uuidString + ".sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try KithDatabase.open(at: path, features: [IdentityMigrations.all, FamilyCodesMigrations.all])
        let applied = try database.appliedMigrations()
        #expect(applied.features.last?.applied == FamilyCodesMigrations.all.identifiers)
        #expect(applied.features.last?.pending == [])
    }
}
