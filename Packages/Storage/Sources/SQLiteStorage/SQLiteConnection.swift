import GRDB
import Storage

/// An open GRDB transaction seen as an `SQLConnection`: statements are prepared once per connection (GRDB's
/// statement cache) and run at once.
public struct SQLiteConnection: SQLConnection {
    let db: Database

    /// The connection of an open GRDB transaction, valid inside the body it was given to.
    public init(_ db: Database) {
        self.db = db
    }

    public var dialect: SQLDialect { .sqlite }

    @discardableResult
    public func query(_ sql: String, _ parameters: [any SQLBindable]) throws -> [SQLRow] {
        let statement = try db.cachedStatement(sql: sql)
        let arguments = StatementArguments(parameters.map { Self.databaseValue($0.sqlValue) })
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        var rows: [SQLRow] = []
        while let row = try cursor.next() {
            var values: [SQLValue] = []
            values.reserveCapacity(row.count)
            for index in 0..<row.count {
                let value: DatabaseValue = row[index]
                values.append(Self.value(value))
            }
            rows.append(SQLRow(values))
        }
        return rows
    }

    public func later(_ sql: String, _ parameters: [any SQLBindable]) throws -> any SQLLater {
        SQLAnswered(try query(sql, parameters))
    }

    /// Dates and booleans as GRDB stores them, so files written before this seam read the same.
    private static func databaseValue(_ value: SQLValue) -> DatabaseValue {
        switch value {
        case .null: return .null
        case .integer(let value): return value.databaseValue
        case .real(let value): return value.databaseValue
        case .text(let value): return value.databaseValue
        case .bool(let value): return value.databaseValue
        case .date(let value): return value.databaseValue
        }
    }

    private static func value(_ value: DatabaseValue) -> SQLValue {
        switch value.storage {
        case .null: return .null
        case .int64(let value): return .integer(value)
        case .double(let value): return .real(value)
        case .string(let value): return .text(value)
        // Kith stores no blobs; one would read as its bytes in hex, as PostgreSQL's `bytea` text does.
        case .blob(let data): return .text("\\x" + data.map { String(format: "%02x", $0) }.joined())
        }
    }
}
