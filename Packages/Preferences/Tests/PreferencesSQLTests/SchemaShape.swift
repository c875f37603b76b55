import GRDB
import PostgresStorage
import Storage

/// What a fresh migrate leaves of a feature's tables, in terms both engines share: columns with a type family and
/// nullability, the primary key, and every other index (unique or not, partial or not, over which columns).
///
/// Type families may differ only as the engines spell them: DATETIME / TIMESTAMPTZ, INTEGER / BIGINT, and SQLite's
/// 0 / 1 INTEGER for PostgreSQL's BOOLEAN.
struct SchemaShape: Equatable, CustomStringConvertible {
    struct Column: Equatable, CustomStringConvertible {
        let name: String
        let family: String
        let notNull: Bool

        var description: String { "\(name) \(family)\(notNull ? " NOT NULL" : "")" }

        /// The same column, allowing SQLite's integer for PostgreSQL's boolean.
        func matches(_ other: Column) -> Bool {
            guard name == other.name && notNull == other.notNull else { return false }
            return family == other.family || Set([family, other.family]) == ["integer", "boolean"]
        }
    }

    struct Index: Equatable, Comparable, CustomStringConvertible {
        let name: String
        let unique: Bool
        let partial: Bool
        let columns: [String]

        var description: String {
            "\(unique ? "UNIQUE " : "")\(name)(\(columns.joined(separator: ", ")))\(partial ? " WHERE" : "")"
        }

        static func < (lhs: Index, rhs: Index) -> Bool { lhs.name < rhs.name }
    }

    struct Table: Equatable, CustomStringConvertible {
        let name: String
        let columns: [Column]
        let primaryKey: [String]
        let indexes: [Index]

        var description: String {
            "\(name): \(columns) PRIMARY KEY(\(primaryKey.joined(separator: ", "))) \(indexes)"
        }
    }

    let tables: [Table]

    var description: String { tables.map(\.description).joined(separator: "\n") }

    /// The differences from `other`, one sentence each; empty when the two match.
    func differences(from other: SchemaShape) -> [String] {
        var found: [String] = []
        let mine = Dictionary(uniqueKeysWithValues: tables.map { ($0.name, $0) })
        let theirs = Dictionary(uniqueKeysWithValues: other.tables.map { ($0.name, $0) })
        for name in Set(mine.keys).symmetricDifference(theirs.keys).sorted() {
            found.append("table \(name) on one only")
        }
        for (name, table) in mine.sorted(by: { $0.key < $1.key }) {
            guard let other = theirs[name] else { continue }
            if table.columns.count != other.columns.count
                || !zip(table.columns, other.columns).allSatisfy({ $0.matches($1) })
            {
                found.append("\(name) columns: \(table.columns) vs \(other.columns)")
            }
            if table.primaryKey != other.primaryKey {
                found.append("\(name) primary key: \(table.primaryKey) vs \(other.primaryKey)")
            }
            if table.indexes != other.indexes { found.append("\(name) indexes: \(table.indexes) vs \(other.indexes)") }
        }
        return found
    }

    /// The tables named `prefix%` of a SQLite file.
    static func sqlite(_ database: KithDatabase, prefix: String) async throws -> SchemaShape {
        try await database.readDatabase { db in
            let names = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE ? ORDER BY name",
                arguments: [prefix + "%"])
            return SchemaShape(
                tables: try names.map { name in
                    let info = try Row.fetchAll(db, sql: "PRAGMA table_info(\(name))")
                    let columns = info.map { row in
                        Column(
                            name: row["name"], family: family(row["type"]),
                            notNull: (row["notnull"] as Int) != 0 || (row["pk"] as Int) != 0)
                    }
                    let primaryKey = info.filter { ($0["pk"] as Int) > 0 }.sorted {
                        ($0["pk"] as Int) < ($1["pk"] as Int)
                    }
                    .map { $0["name"] as String }
                    let indexes = try Row.fetchAll(db, sql: "PRAGMA index_list(\(name))")
                        .filter { ($0["origin"] as String) != "pk" }
                        .map { row in
                            let index: String = row["name"]
                            return Index(
                                name: index, unique: (row["unique"] as Int) != 0, partial: (row["partial"] as Int) != 0,
                                columns: try String.fetchAll(
                                    db, sql: "SELECT name FROM pragma_index_info(?) ORDER BY seqno", arguments: [index])
                            )
                        }
                    return Table(name: name, columns: columns, primaryKey: primaryKey, indexes: indexes.sorted())
                })
        }
    }

    /// The tables named `prefix%` of a PostgreSQL schema.
    static func postgres(_ database: PostgresDatabase, prefix: String) async throws -> SchemaShape {
        try await database.read { connection in
            let names = try connection.query(
                """
                SELECT table_name FROM information_schema.tables
                WHERE table_schema = current_schema() AND table_name LIKE ? ORDER BY table_name
                """, [prefix + "%"]
            ).map { try $0.string(0) }
            return SchemaShape(
                tables: try names.map { name in
                    let columns = try connection.query(
                        """
                        SELECT column_name, data_type, is_nullable FROM information_schema.columns
                        WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position
                        """, [name]
                    ).map { row in
                        Column(
                            name: try row.string(0), family: family(try row.string(1)),
                            notNull: try row.string(2) == "NO")
                    }
                    let indexes = try connection.query(
                        """
                        SELECT i.relname, ix.indisunique, ix.indisprimary, ix.indpred IS NOT NULL,
                            array_to_string(ARRAY(
                                SELECT a.attname FROM unnest(ix.indkey) WITH ORDINALITY AS k(attnum, n)
                                JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum
                                ORDER BY k.n), ',')
                        FROM pg_index ix
                        JOIN pg_class i ON i.oid = ix.indexrelid
                        JOIN pg_class t ON t.oid = ix.indrelid
                        JOIN pg_namespace s ON s.oid = t.relnamespace
                        WHERE s.nspname = current_schema() AND t.relname = ?
                        """, [name]
                    )
                    let primaryKey =
                        try indexes.first { try $0.bool(2) }.map {
                            try $0.string(4).split(separator: ",").map(String.init)
                        } ?? []
                    return Table(
                        name: name, columns: columns, primaryKey: primaryKey,
                        indexes: try indexes.filter { try !$0.bool(2) }.map { row in
                            Index(
                                name: try row.string(0), unique: try row.bool(1), partial: try row.bool(3),
                                columns: try row.string(4).split(separator: ",").map(String.init))
                        }.sorted())
                })
        }
    }

    private static func family(_ type: String) -> String {
        switch type.lowercased() {
        case "datetime", "timestamptz", "timestamp with time zone": "timestamp"
        case "integer", "bigint", "int": "integer"
        case "boolean": "boolean"
        case "text": "text"
        default: type.lowercased()
        }
    }
}
