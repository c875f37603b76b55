import Foundation
import GRDB
import Identity
import IdentitySQLite
import Preferences
import PreferencesSQLite
import PreferencesTesting
import Storage
import Testing

/// What only the SQLite store has: its migrations, raw SQL values, and the trigger on Identity's members.
@Suite("SQLite preferences store")
struct SQLitePreferencesStoreTests {
    @Test("migrations are named preferences.<n>-<step>")
    func migrations() async throws {
        #expect(PreferencesMigrations.all.feature == "preferences")
        #expect(
            PreferencesMigrations.all.identifiers == ["preferences.1-values", "preferences.2-forget-removed-members"])
        let fixture = try await Fixture(.sqlite)
        let applied = try #require(fixture.database).appliedMigrations()
        #expect(applied.features.map(\.feature) == ["identity", "preferences"])
        #expect(applied.features.allSatisfy { $0.pending.isEmpty })
    }

    @Test("values of any SQLite type that are not valid read as the default")
    func rawSQL() async throws {
        let fixture = try await Fixture(.sqlite)
        let family = try await fixture.family()
        let database = try #require(fixture.database)
        let id = family.dana.accountId
        for (theme, offset) in [
            (DatabaseValue(value: 42), DatabaseValue(value: 2.5)),
            (Data([0xFF, 0x00]).databaseValue, "L".databaseValue),
            ("DARK!".databaseValue, Data([1]).databaseValue),
        ] {
            try await database.pool.write { db in
                try db.execute(sql: "DELETE FROM preferences_values")
                try db.execute(
                    sql: "INSERT INTO preferences_values (member_id, key, value) VALUES (?, ?, ?), (?, ?, ?)",
                    arguments: [id, PreferenceKey.theme, theme, id, PreferenceKey.fontSizeOffset, offset])
            }
            #expect(try await fixture.preferences().preferences(family.dana) == MemberPreferences(memberId: id))
        }
        // An integer offset stored as an SQLite integer is still the offset.
        try await database.pool.write { db in
            try db.execute(sql: "DELETE FROM preferences_values")
            try db.execute(
                sql: "INSERT INTO preferences_values (member_id, key, value) VALUES (?, ?, 4)",
                arguments: [id, PreferenceKey.fontSizeOffset])
        }
        #expect(try await fixture.preferences().preferences(family.dana).fontSize == .extraLarge)
    }

    @Test("a removed member's preferences are gone with it; its acting records stay")
    func removedMember() async throws {
        let fixture = try await Fixture(.sqlite)
        let family = try await fixture.family()
        let database = try #require(fixture.database)
        let service = fixture.preferences()
        let asMax = family.dana.acting(as: family.max)
        _ = try await service.setTheme(asMax, .dark)
        _ = try await service.setFontSize(asMax, .large)
        _ = try await service.setTheme(family.dana, .light)
        _ = try await service.setTheme(family.erin, .dark)
        func rows(_ memberId: String) async throws -> Int {
            try await database.pool.read { db in
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM preferences_values WHERE member_id = ?", arguments: [memberId]) ?? 0
            }
        }
        #expect(try await rows(family.max.memberId) == 2)

        // Removed through Identity's own service, in a new process on the same file.
        let identity = LocalIdentityService(
            store: SQLiteIdentityStore(database: try Fixture.openDatabase(at: database.path)), clock: fixture.clock,
            random: fixture.random, hasher: Argon2PasswordHasher(parameters: .testing, random: fixture.random))
        _ = try await identity.removeMember(family.dana, "Max")

        #expect(try await rows(family.max.memberId) == 0)
        let records = try await identity.actingRecords(family.dana)
        #expect(records.map(\.action) == ["set theme to dark", "set font size to L"])
        #expect(records.allSatisfy { $0.subjectDisplayName == "Max" && $0.subjectMemberId == family.max.memberId })
        #expect(try await service.preferences(family.dana).theme == .light)
        await #expect(throws: PreferencesError.notAvailable) { try await service.preferences(asMax) }

        // An account leaving a household keeps its own preferences.
        _ = try await identity.removeMember(family.dana, "Erin Tester")
        #expect(try await rows(family.erin.accountId) == 2)
    }
}
