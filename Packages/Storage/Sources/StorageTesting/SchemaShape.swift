import Storage

/// What a migrated database's schema is, in terms both engines share, for the tests that keep SQLite's and
/// PostgreSQL's schemas the same (each feature's own tables, and every feature's together in
/// Tests/ServerTests/SchemaParityTests): per table its columns (name, type family, nullability), primary key, unique
/// constraints and named indexes (their columns, unique or not, partial or not).
///
/// Triggers and functions are not compared: they are the migrations' dialect branches, and the stores' contract suites
/// check what they do on each engine.
public struct SchemaShape: Equatable, Sendable, CustomStringConvertible {
    public struct Table: Equatable, Sendable {
        /// Column name → "type-family" or "type-family NOT NULL".
        public var columns: [String: String] = [:]
        public var primaryKey: [String] = []
        /// The column lists of unique constraints (not the primary key's).
        public var uniques: Set<[String]> = []
        /// Indexes created by name → "column,column" (+ " UNIQUE", " WHERE" for a partial one).
        public var indexes: [String: String] = [:]
    }

    public var tables: [String: Table] = [:]

    /// The schema of `database`'s tables whose names start with `prefix` (every table for "").
    public static func read(_ database: any SQLDatabase, tablesPrefixed prefix: String = "") async throws -> SchemaShape
    {
        let shape = try await database.read { connection in
            switch connection.dialect {
            case .sqlite: try sqlite(connection)
            case .postgres: try postgres(connection)
            }
        }
        return SchemaShape(tables: shape.tables.filter { $0.key.hasPrefix(prefix) })
    }

    public var description: String {
        tables.keys.sorted().map { name in
            let table = tables[name]!
            return "\(name): columns \(table.columns.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }), "
                + "key \(table.primaryKey), unique \(table.uniques.map { $0.joined(separator: ",") }.sorted()), "
                + "indexes \(table.indexes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" })"
        }.joined(separator: "\n")
    }

    /// The family of a declared type: SQLite's DATETIME and PostgreSQL's timestamptz are one; SQLite has no boolean
    /// type (0 and 1 in an INTEGER), so PostgreSQL's boolean is in the integer family.
    static func family(_ type: String) -> String {
        switch type.lowercased() {
        case "text": "text"
        case "datetime", "timestamp with time zone": "timestamp"
        case "integer", "bigint", "boolean": "integer"
        case "real", "double precision": "real"
        default: type.lowercased()
        }
    }

    private static func sqlite(_ connection: any SQLConnection) throws -> SchemaShape {
        var shape = SchemaShape()
        for name in try connection.query("SELECT name FROM sqlite_master WHERE type = 'table'").map({ try $0.string(0) }
        ) {
            var table = Table()
            var keyed: [(Int, String)] = []
            for column in try connection.query("SELECT name, type, \"notnull\", pk FROM pragma_table_info(?)", [name]) {
                let key = try column.int(3)
                let notNull = try column.bool(2) || key > 0
                table.columns[try column.string(0)] = family(try column.string(1)) + (notNull ? " NOT NULL" : "")
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

    private static func postgres(_ connection: any SQLConnection) throws -> SchemaShape {
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
