import Argon2
import Foundation
import GRDB
import Identity
import IdentitySQL
import PostgresStorageTesting
import Preferences
import PreferencesSQL
import PreferencesTesting
import SQLiteStorage
import Storage
import StorageTesting
import Testing

/// What only the SQLite store has: its migrations, raw SQL values, and the trigger on Identity's members.
@Suite("SQLite preferences store")
struct SQLitePreferencesStoreTests {
    @Test("migrations are named preferences.<n>-<step>")
    func migrations() async throws {
        #expect(PreferencesMigrations.all.feature == "preferences")
        #expect(
            PreferencesMigrations.all.identifiers(for: .sqlite) == [
                "preferences.1-values", "preferences.2-forget-removed-members",
            ])
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
        let family = try await fixture.familyWithPreferences()
        let database = try #require(fixture.database)
        func rows(_ memberId: String) async throws -> Int {
            try await database.pool.read { db in
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM preferences_values WHERE member_id = ?", arguments: [memberId]) ?? 0
            }
        }
        #expect(try await rows(family.max.memberId) == 2)

        // Removed through Identity's own service, in a new process on the same file.
        let identity = LocalIdentityService(
            store: SQLStore(identityOn: try Fixture.openDatabase(at: database.path)),
            options: IdentityOptions(
                clock: fixture.clock, random: fixture.random,
                hasher: Argon2PasswordHasher(parameters: .testing, random: fixture.random)))
        _ = try await identity.removeMember(family.dana, "Max")

        #expect(try await rows(family.max.memberId) == 0)
        try await fixture.expectMaxRemoved(family, identity: identity)

        // An account leaving a household keeps its own preferences.
        _ = try await identity.removeMember(family.dana, "Erin Tester")
        #expect(try await rows(family.erin.accountId) == 2)
    }

    @Test("a file made by the shipped steps opens with nothing to apply and reads back what it holds")
    func shippedFile() async throws {
        let folder = TemporaryFolder()
        let path = folder.path("kith.sqlite")
        let old = try SQLiteDatabase.open(at: path, features: [IdentityMigrations.all, ShippedSQLiteSteps.all])
        try await old.writeDatabase { db in
            try db.execute(
                sql: """
                    INSERT INTO preferences_values (member_id, key, value) VALUES
                        ('dana', 'app_theme_preference', 'dark'), ('dana', 'app_font_size_offset', '2'),
                        ('erin', 'app_theme_preference', 'light')
                    """)
        }
        try old.close()

        let database = try Fixture.openDatabase(at: path)
        #expect(try database.appliedMigrations().features.allSatisfy { $0.pending.isEmpty })
        let store = SQLStore(preferencesOn: database)
        #expect(
            try await store.read { preferences, _ in try preferences.values(memberId: "dana") }
                == ["app_theme_preference": "dark", "app_font_size_offset": "2"])
        try await store.write { preferences, _ in
            try preferences.setValue("light", forKey: "app_theme_preference", memberId: "dana")
            try preferences.removeValues(memberId: "erin")
        }
        #expect(
            try await store.read { preferences, _ in
                [try preferences.values(memberId: "dana"), try preferences.values(memberId: "erin")]
            } == [["app_theme_preference": "light", "app_font_size_offset": "2"], [:]])
        // The shipped schema is today's: a fresh file gets the same.
        let fresh = try Fixture.openDatabase(at: folder.path("fresh.sqlite"))
        #expect(
            try await SchemaShape.read(database, tablesPrefixed: "preferences_")
                == SchemaShape.read(fresh, tablesPrefixed: "preferences_"))
        #expect(try await triggers(database) == triggers(fresh))
    }

    @Test("a fresh migrate leaves the same tables, columns, keys and indexes on SQLite and PostgreSQL")
    func sameSchema() async throws {
        let fixture = try await Fixture(.sqlite)
        let sqlite = try await SchemaShape.read(try #require(fixture.database), tablesPrefixed: "preferences_")
        let postgres = try await SchemaShape.read(
            try await TestPostgres.database([IdentityMigrations.all, PreferencesMigrations.all]),
            tablesPrefixed: "preferences_")
        #expect(sqlite.tables.count == 1)
        #expect(sqlite == postgres, "SQLite:\n\(sqlite)\nPostgreSQL:\n\(postgres)")
    }

    private func triggers(_ database: SQLiteDatabase) async throws -> [String] {
        try await database.readDatabase { db in
            try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
        }
    }
}

/// The SQLite steps as they shipped before the one SQL store, word for word: what files made by earlier builds hold.
enum ShippedSQLiteSteps {
    static let all = FeatureMigrations(
        feature: "preferences",
        migrations: [
            Migration(
                "values",
                """
                CREATE TABLE preferences_values (
                    member_id TEXT NOT NULL,
                    key TEXT NOT NULL,
                    value TEXT NOT NULL,
                    PRIMARY KEY (member_id, key)
                ) WITHOUT ROWID;
                """),
            Migration(
                "forget-removed-members",
                """
                CREATE TRIGGER preferences_forget_removed_member
                AFTER DELETE ON identity_members
                WHEN OLD.kind = 'managed'
                    AND NOT EXISTS (SELECT 1 FROM identity_members WHERE member_id = OLD.member_id)
                BEGIN
                    DELETE FROM preferences_values WHERE member_id = OLD.member_id;
                END;
                """),
        ])
}
