import Circles
import CirclesSQL
import Foundation
import GRDB
import IdentitySQL
import PostgresStorage
import SQLiteStorage
import Storage
import StorageTesting
import Testing

/// One list of steps for both engines: each engine records what it recorded before, a file made by an earlier
/// build upgrades in place, and both engines end with the same tables, columns and indexes.
@Suite("Circles migrations")
struct MigrationTests {
    @Test("each engine records the identifiers it recorded before, then SQLite's steps toward PostgreSQL's schema")
    func identifiers() {
        #expect(
            CirclesMigrations.all.identifiers(for: .sqlite) == [
                "circles.1-contacts-and-circles", "circles.2-profiles-and-matrix", "circles.3-requests-and-grants",
                "circles.4-change-version", "circles.5-owner-versions", "circles.6-versions-table",
                "circles.7-shadow-circles-owner", "circles.8-cascade-indexes", "circles.9-leaving-indexes",
            ])
        #expect(
            CirclesMigrations.all.identifiers(for: .postgres) == [
                "circles.1-contacts-and-circles", "circles.2-profiles-and-matrix", "circles.3-requests-and-grants",
                "circles.4-change-version", "circles.5-leaving-indexes",
            ])
    }

    /// The steps a build before the one SQL store shipped on SQLite (`circles.1` to `circles.5`).
    static let shippedOnSQLite = FeatureMigrations(
        feature: "circles", migrations: Array(CirclesMigrations.all.migrations.prefix(5)))

    @Test func aFileOfThePreviousSchemaUpgradesInPlace() async throws {
        let folder = TemporaryFolder()
        let path = folder.root + "/kith.sqlite"
        let old = try SQLiteDatabase.open(at: path, features: [IdentityMigrations.all, Self.shippedOnSQLite])
        try await old.writeDatabase { db in
            try db.execute(
                sql: """
                    INSERT INTO circles_circles (id, owner_account_id, name, emoji, color, position, created_at)
                    VALUES ('circle-1', 'dana', 'Climbing', '🧗', 'gray', 0, '2026-11-23 12:00:00.000');
                    INSERT INTO circles_profiles (id, owner_account_id, type, display_name, created_at, seq)
                    VALUES ('profile-1', 'dana', 'personal', 'Dee', '2026-11-23 12:00:00.000', 1);
                    INSERT INTO circles_shadow_circles (profile_id, circle_id) VALUES ('profile-1', 'circle-1');
                    """)
        }
        let before = try await old.readDatabase { db in
            try Int.fetchOne(db, sql: "SELECT version FROM circles_owner_versions WHERE owner_account_id = 'dana'")
        }
        #expect(before == 3)
        try old.close()

        let database = try SQLiteDatabase.open(at: path, features: [IdentityMigrations.all, CirclesMigrations.all])
        #expect(
            try database.appliedMigrations().features.first { $0.feature == "circles" }?.applied
                == CirclesMigrations.all.identifiers(for: .sqlite))
        let (oldTable, upgraded, owner) = try await database.readDatabase { db in
            (
                try db.tableExists("circles_owner_versions"),
                try Int.fetchOne(db, sql: "SELECT version FROM circles_versions WHERE owner_account_id = 'dana'"),
                try String.fetchOne(
                    db, sql: "SELECT owner_account_id FROM circles_shadow_circles WHERE profile_id = 'profile-1'")
            )
        }
        #expect(!oldTable)
        #expect(upgraded == 3)
        #expect(owner == "dana")
        // The renamed table's triggers and the rebuilt table's bump the owner's version, cascades included.
        @Sendable func version() async throws -> Int? {
            try await database.readDatabase { db in
                try Int.fetchOne(db, sql: "SELECT version FROM circles_versions WHERE owner_account_id = 'dana'")
            }
        }
        try await database.writeDatabase { db in
            try db.execute(sql: "UPDATE circles_circles SET emoji = '🪢' WHERE id = 'circle-1'")
        }
        #expect(try await version() == 4)
        try await database.writeDatabase { db in
            try db.execute(
                sql: "UPDATE circles_shadow_circles SET circle_id = circle_id WHERE profile_id = 'profile-1'")
        }
        #expect(try await version() == 5)
        // The profile's row and its cascaded audience.
        try await database.writeDatabase { db in try db.execute(sql: "DELETE FROM circles_profiles") }
        #expect(try await version() == 7)

        // The store works on it, and the schema is a fresh file's.
        let store = SQLStore(circlesOn: database)
        #expect(try await store.changeToken(owner: "dana").external == 7)
        let circles = try await store.read { circles, _ in try circles.circles(ownerAccountId: "dana") }
        #expect(circles.map(\.emoji) == ["🪢"])
        let fresh = try SQLiteDatabase.open(
            at: folder.root + "/fresh.sqlite", features: [IdentityMigrations.all, CirclesMigrations.all])
        #expect(
            try await SchemaShape.read(database, tablesPrefixed: "circles_")
                == SchemaShape.read(fresh, tablesPrefixed: "circles_"))
    }

    @Test("SQLite and PostgreSQL end with the same tables, columns (and whether they take NULL) and indexes")
    func bothEnginesHaveTheSameSchema() async throws {
        let folder = TemporaryFolder()
        let sqlite = try Environment.open(folder.root + "/kith.sqlite")
        let env = try await Environment(.postgres)
        let postgres = try await Environment.open(url: try #require(env.postgresURL))
        let onSQLite = try await SchemaShape.read(sqlite, tablesPrefixed: "circles_")
        let onPostgres = try await SchemaShape.read(postgres, tablesPrefixed: "circles_")
        #expect(onSQLite.tables.count > 10)
        #expect(onSQLite == onPostgres, "SQLite:\n\(onSQLite)\nPostgreSQL:\n\(onPostgres)")
    }
}
