import Circles
import CirclesSQL
import Foundation
import GRDB
import IdentitySQL
import PostgresStorage
import Storage
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
                "circles.7-shadow-circles-owner", "circles.8-cascade-indexes",
            ])
        #expect(
            CirclesMigrations.all.identifiers(for: .postgres) == [
                "circles.1-contacts-and-circles", "circles.2-profiles-and-matrix", "circles.3-requests-and-grants",
                "circles.4-change-version",
            ])
    }

    /// The steps a build before the one SQL store shipped on SQLite (`circles.1` to `circles.5`).
    static let shippedOnSQLite = FeatureMigrations(
        feature: "circles", migrations: Array(CirclesMigrations.all.migrations.prefix(5)))

    @Test func aFileOfThePreviousSchemaUpgradesInPlace() async throws {
        let folder = TemporaryFolder()
        let path = folder.root + "/kith.sqlite"
        let old = try KithDatabase.open(at: path, features: [IdentityMigrations.all, Self.shippedOnSQLite])
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

        let database = try KithDatabase.open(at: path, features: [IdentityMigrations.all, CirclesMigrations.all])
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
        let store = SQLCirclesStore(database: database)
        #expect(try await store.changeToken(owner: "dana").external == 7)
        let circles = try await store.read { circles, _ in try circles.circles(ownerAccountId: "dana") }
        #expect(circles.map(\.emoji) == ["🪢"])
        let fresh = try KithDatabase.open(
            at: folder.root + "/fresh.sqlite", features: [IdentityMigrations.all, CirclesMigrations.all])
        #expect(try await Self.sqliteSchema(database) == (try await Self.sqliteSchema(fresh)))
    }

    @Test("SQLite and PostgreSQL end with the same tables, columns (and whether they take NULL) and indexes")
    func bothEnginesHaveTheSameSchema() async throws {
        let folder = TemporaryFolder()
        let sqlite = try Environment.open(folder.root + "/kith.sqlite")
        let env = try await Environment(.postgres)
        let postgres = try await Environment.open(url: try #require(env.postgresURL))
        let postgresSchema = try await postgres.read { connection in
            let columns = try connection.query(
                """
                SELECT table_name || '.' || column_name || CASE WHEN is_nullable = 'NO' THEN ' NOT NULL' ELSE '' END
                FROM information_schema.columns
                WHERE table_schema = current_schema() AND table_name LIKE 'circles\\_%'
                """
            ).map { try $0.string(0) }
            // Named indexes; primary keys and UNIQUE columns are compared as columns' constraints below.
            let indexes = try connection.query(
                """
                SELECT tablename || ' ' || indexname FROM pg_indexes
                WHERE schemaname = current_schema() AND tablename LIKE 'circles\\_%'
                    AND indexname NOT LIKE '%\\_pkey' AND indexname NOT LIKE '%\\_key'
                """
            ).map { try $0.string(0) }
            let unique = try connection.query(
                """
                SELECT tc.table_name || ' ' || tc.constraint_type || ' ' || string_agg(k.column_name, ','
                    ORDER BY k.ordinal_position)
                FROM information_schema.table_constraints tc
                JOIN information_schema.key_column_usage k
                    ON k.constraint_name = tc.constraint_name AND k.table_schema = tc.table_schema
                WHERE tc.table_schema = current_schema() AND tc.table_name LIKE 'circles\\_%'
                    AND tc.constraint_type IN ('PRIMARY KEY', 'UNIQUE')
                GROUP BY tc.table_name, tc.constraint_type, tc.constraint_name
                """
            ).map { try $0.string(0) }
            return Schema(columns: Set(columns), indexes: Set(indexes), keys: Set(unique))
        }
        #expect(try await Self.sqliteSchema(sqlite) == postgresSchema)
    }

    struct Schema: Equatable {
        var columns: Set<String>
        var indexes: Set<String>
        var keys: Set<String>
    }

    /// The Circles tables' columns, named indexes, primary keys and UNIQUE columns of an SQLite file.
    static func sqliteSchema(_ database: KithDatabase) async throws -> Schema {
        try await database.readDatabase { db in
            var schema = Schema(columns: [], indexes: [], keys: [])
            let tables = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'circles\\_%' ESCAPE '\\'")
            for table in tables {
                var primaryKey: [(Int, String)] = []
                for column in try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))") {
                    let name: String = column["name"]
                    let position: Int = column["pk"]
                    // A primary key column takes no NULL on either engine (SQLite's `NOT NULL` says so there).
                    let notNull = (column["notnull"] as Int) == 1 || position > 0
                    schema.columns.insert("\(table).\(name)" + (notNull ? " NOT NULL" : ""))
                    if position > 0 { primaryKey.append((position, name)) }
                }
                schema.keys.insert(
                    "\(table) PRIMARY KEY " + primaryKey.sorted { $0.0 < $1.0 }.map(\.1).joined(separator: ","))
                for index in try Row.fetchAll(db, sql: "PRAGMA index_list(\(table))") {
                    let name: String = index["name"]
                    switch index["origin"] as String {
                    case "c": schema.indexes.insert("\(table) \(name)")
                    case "u":
                        let columns = try String.fetchAll(
                            db, sql: "SELECT name FROM pragma_index_info(?)", arguments: [name])
                        schema.keys.insert("\(table) UNIQUE " + columns.joined(separator: ","))
                    default: break  // the primary key's own index
                    }
                }
            }
            return schema
        }
    }
}
