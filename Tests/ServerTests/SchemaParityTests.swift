import Foundation
import KithServer
import PostgresStorage
import PostgresStorageTesting
import Storage
import Testing

/// Both engines end with the same schema: every feature's migrations on an empty SQLite file and an empty PostgreSQL
/// schema give the same tables, columns (name, nullability, type family), primary keys, unique constraints and
/// indexes, except what `SchemaShape.differences` lists, each with its reason.
///
/// Triggers and functions are not compared: they are the dialect branches of the migrations (SQLite's triggers,
/// PostgreSQL's trigger functions), and the stores' contract suites check what they do on each engine.
@Suite("The schema is the same on SQLite and PostgreSQL")
struct SchemaParityTests {
    @Test func bothEnginesMigrateToTheSameSchema() async throws {
        let folder = NSTemporaryDirectory() + "kith-parity-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sqlite = try KithDatabase.open(at: folder + "/kith.sqlite", features: ServerServices.migrations)
        defer { try? sqlite.close() }
        let postgres = try await TestPostgres.database(ServerServices.migrations)

        var onSQLite = try await SchemaShape.read(sqlite)
        var onPostgres = try await SchemaShape.read(postgres)
        for (table, engine) in SchemaShape.differences.mapValues(\.engine) {
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
            #expect(left.primaryKey == right.primaryKey, "primary key of \(table)")
            #expect(left.uniques == right.uniques, "unique constraints of \(table)")
            #expect(left.indexes == right.indexes, "indexes of \(table)")
        }
    }
}

/// What the parity test compares of one database's schema.
struct SchemaShape {
    struct Table: Equatable {
        /// Column name → "type-family" or "type-family NOT NULL".
        var columns: [String: String] = [:]
        var primaryKey: [String] = []
        /// The column lists of unique constraints (not the primary key's).
        var uniques: Set<[String]> = []
        /// Indexes created by name → "column,column" (+ " UNIQUE", " WHERE" for a partial one).
        var indexes: [String: String] = [:]
    }

    var tables: [String: Table] = [:]

    /// The only tables one engine has, and why. Nothing else may differ.
    static let differences: [String: (engine: SQLDialect, reason: String)] = [
        "identity_saved_accounts": (.sqlite, "this device's saved accounts: only a device's file (kith's) keeps them"),
        "identity_device": (.sqlite, "this device's current account: only a device's file keeps it"),
        "identity_device_exit_lock": (.sqlite, "this device's exit lock: only a device's file keeps it"),
        "grdb_migrations": (.sqlite, "the migrations applied, in GRDB's table"),
        "sqlite_sequence": (.sqlite, "SQLite's own counters for AUTOINCREMENT keys"),
        "kith_migrations": (.postgres, "the migrations applied, in PostgreSQL's table (see PostgresMigrations)"),
    ]

    /// The family of a declared type: SQLite's DATETIME and PostgreSQL's timestamptz are one; SQLite has no boolean
    /// type (0 and 1 in an INTEGER), so PostgreSQL's boolean is in the integer family.
    static func family(_ type: String) -> String {
        switch type.lowercased() {
        case "text": return "text"
        case "datetime", "timestamp with time zone": return "timestamp"
        case "integer", "bigint", "boolean": return "integer"
        case "real", "double precision": return "real"
        default: return type.lowercased()
        }
    }

    static func read(_ database: KithDatabase) async throws -> SchemaShape {
        try await database.read { connection in
            var shape = SchemaShape()
            let names = try connection.query("SELECT name FROM sqlite_master WHERE type = 'table'").map {
                try $0.string(0)
            }
            for name in names {
                var table = Table()
                var keyed: [(Int, String)] = []
                for column in try connection.query(
                    "SELECT name, type, \"notnull\", pk FROM pragma_table_info(?)", [name])
                {
                    let key = try column.int(3)
                    let notNull = try column.bool(2) || key > 0
                    table.columns[try column.string(0)] =
                        family(try column.string(1)) + (notNull ? " NOT NULL" : "")
                    if key > 0 { keyed.append((key, try column.string(0))) }
                }
                table.primaryKey = keyed.sorted { $0.0 < $1.0 }.map(\.1)
                for index in try connection.query(
                    "SELECT name, \"unique\", origin, partial FROM pragma_index_list(?)", [name])
                {
                    let indexName = try index.string(0)
                    let columns = try connection.query(
                        "SELECT name FROM pragma_index_info(?) ORDER BY seqno", [indexName]
                    ).map { try $0.string(0) }
                    switch try index.string(2) {
                    case "pk": continue
                    case "u": table.uniques.insert(columns)
                    default:
                        table.indexes[indexName] =
                            columns.joined(separator: ",") + (try index.bool(1) ? " UNIQUE" : "")
                            + (try index.bool(3) ? " WHERE" : "")
                    }
                }
                shape.tables[name] = table
            }
            return shape
        }
    }

    static func read(_ database: PostgresDatabase) async throws -> SchemaShape {
        try await database.read { connection in
            var shape = SchemaShape()
            let names = try connection.query(
                """
                SELECT table_name FROM information_schema.tables
                WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
                """
            ).map { try $0.string(0) }
            for name in names {
                var table = Table()
                for column in try connection.query(
                    """
                    SELECT column_name, data_type, is_nullable FROM information_schema.columns
                    WHERE table_schema = current_schema() AND table_name = ?
                    """,
                    [name])
                {
                    table.columns[try column.string(0)] =
                        family(try column.string(1)) + (try column.string(2) == "NO" ? " NOT NULL" : "")
                }
                for index in try connection.query(
                    """
                    SELECT i.relname, x.indisunique, x.indisprimary, x.indpred IS NOT NULL,
                        EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid),
                        array_to_string(ARRAY(
                            SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, n)
                            JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n), ',')
                    FROM pg_index x
                    JOIN pg_class t ON t.oid = x.indrelid
                    JOIN pg_class i ON i.oid = x.indexrelid
                    JOIN pg_namespace s ON s.oid = t.relnamespace
                    WHERE s.nspname = current_schema() AND t.relname = ?
                    """,
                    [name])
                {
                    let columns = try index.string(5).split(separator: ",").map(String.init)
                    if try index.bool(2) {
                        table.primaryKey = columns
                    } else if try index.bool(4) {
                        table.uniques.insert(columns)
                    } else {
                        table.indexes[try index.string(0)] =
                            columns.joined(separator: ",") + (try index.bool(1) ? " UNIQUE" : "")
                            + (try index.bool(3) ? " WHERE" : "")
                    }
                }
                shape.tables[name] = table
            }
            return shape
        }
    }
}
