import GRDB
import Storage

/// Every row of every table of a database, for tests that show a refused command or request changed nothing, or
/// that something is stored nowhere.
public struct DatabaseContents: Sendable {
    /// Each table's rows, described and sorted (the order SQLite returns them in is not part of the data).
    public let tables: [String: [String]]

    /// Reads the file at `path` (read-only).
    public init(path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        tables = try queue.read { db in
            let names = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            var tables: [String: [String]] = [:]
            for name in names {
                tables[name] = try Row.fetchAll(db, sql: "SELECT * FROM \(name.quotedDatabaseIdentifier)")
                    .map(\.description).sorted()
            }
            return tables
        }
    }

    /// Reads every table of `database` (either engine) whose name starts with `prefix`, in one read transaction: a
    /// row is its columns' text joined by `|` (NULL as `∅`).
    public init(of database: any SQLDatabase, tablePrefix prefix: String = "") async throws {
        tables = try await database.read { connection in
            let names =
                switch connection.dialect {
                case .sqlite:
                    try connection.query(
                        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                case .postgres:
                    try connection.query(
                        """
                        SELECT table_name FROM information_schema.tables
                        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
                        """)
                }
            var tables: [String: [String]] = [:]
            for name in try names.map({ try $0.string(0) }) where name.hasPrefix(prefix) {
                tables[name] = try connection.query("SELECT * FROM \(name)").map { row in
                    (0..<row.count).map { row[$0] ?? "∅" }.joined(separator: "|")
                }.sorted()
            }
            return tables
        }
    }

    /// The tables whose rows differ from `other`'s.
    public func changedTables(since other: DatabaseContents) -> [String] {
        Set(tables.keys).union(other.tables.keys).filter { tables[$0] != other.tables[$0] }.sorted()
    }
}
