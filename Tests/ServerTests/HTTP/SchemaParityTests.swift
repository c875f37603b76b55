import Foundation
import KithServer
import PostgresStorage
import PostgresStorageTesting
import SQLiteStorage
import Storage
import StorageTesting
import Testing

/// Both engines end with the same schema: every feature's migrations on an empty SQLite file and an empty PostgreSQL
/// schema give the same tables, columns (name, nullability, type family), primary keys, unique constraints and
/// indexes, except what `SchemaDifferences` lists, each with its reason.
///
/// Triggers and functions are not compared: they are the dialect branches of the migrations (SQLite's triggers,
/// PostgreSQL's trigger functions), and the stores' contract suites check what they do on each engine.
@Suite("The schema is the same on SQLite and PostgreSQL")
struct SchemaParityTests {
    @Test func bothEnginesMigrateToTheSameSchema() async throws {
        let folder = NSTemporaryDirectory() + "kith-parity-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sqlite = try SQLiteDatabase.open(at: folder + "/kith.sqlite", features: KithServices.migrations)
        defer { try? sqlite.close() }
        let postgres = try await TestPostgres.database(KithServices.migrations)

        var onSQLite = try await SchemaShape.read(sqlite)
        var onPostgres = try await SchemaShape.read(postgres)
        for (table, engine) in SchemaDifferences.onlyOnOneEngine.mapValues(\.engine) {
            // A listed difference must still be one: a table listed for one engine is there and not on the other.
            let (mine, other) = engine == .sqlite ? (onSQLite, onPostgres) : (onPostgres, onSQLite)
            #expect(mine.tables[table] != nil && other.tables[table] == nil, "\(table) is listed as \(engine) only")
            onSQLite.tables[table] = nil
            onPostgres.tables[table] = nil
        }
        #expect(Set(onSQLite.tables.keys) == Set(onPostgres.tables.keys))
        #expect(onSQLite.tables.count > 20, "the schema was read (\(onSQLite.tables.count) tables)")
        for table in Set(onSQLite.tables.keys).intersection(onPostgres.tables.keys).sorted() {
            let (left, right) = (onSQLite.tables[table]!, onPostgres.tables[table]!)
            #expect(left.columns == right.columns, "columns of \(table)")
            if let keys = SchemaDifferences.primaryKeys[table] {
                // A listed difference must still be one, exactly as listed.
                #expect(left.primaryKey == keys.sqlite && right.primaryKey == keys.postgres, "primary key of \(table)")
            } else {
                #expect(left.primaryKey == right.primaryKey, "primary key of \(table)")
            }
            #expect(left.uniques == right.uniques, "unique constraints of \(table)")
            #expect(left.indexes == right.indexes, "indexes of \(table)")
        }
    }
}

/// The tables one engine has and the other has not, and why. Nothing else may differ.
enum SchemaDifferences {
    static let onlyOnOneEngine: [String: (engine: SQLDialect, reason: String)] = [
        "identity_saved_accounts": (.sqlite, "this device's saved accounts: only a device's file (kith's) keeps them"),
        "identity_device": (.sqlite, "this device's current account: only a device's file keeps it"),
        "identity_device_exit_lock": (.sqlite, "this device's exit lock: only a device's file keeps it"),
        "grdb_migrations": (.sqlite, "the migrations applied, in GRDB's table"),
        "sqlite_sequence": (.sqlite, "SQLite's own counters for AUTOINCREMENT keys"),
        "kith_migrations": (.postgres, "the migrations applied, in PostgreSQL's table (see PostgresMigrations)"),
    ]

    /// The tables keyed differently on each engine.
    static let primaryKeys: [String: (sqlite: [String], postgres: [String], reason: String)] = [
        "identity_events": (
            ["sequence"], ["transaction_id", "sequence"],
            "SQLite's one writer commits in sequence order, so every transaction there is 0 and the sequence alone, "
                + "its rowid, keys the log (identity's events-rowid migration)"
        )
    ]
}
