import GRDB

/// Every row of every table of a SQLite file, for tests that show a refused command or request changed nothing.
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

    /// The tables whose rows differ from `other`'s.
    public func changedTables(since other: DatabaseContents) -> [String] {
        Set(tables.keys).union(other.tables.keys).filter { tables[$0] != other.tables[$0] }.sorted()
    }
}
