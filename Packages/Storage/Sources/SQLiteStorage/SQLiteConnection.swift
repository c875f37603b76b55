import Foundation
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
        // As optional existentials: GRDB's initializer for a sequence of concrete values maps it with a key path,
        // which is built anew on every call (a tenth of a short statement's time in a profile).
        let arguments = StatementArguments(
            parameters.map { Self.databaseValue($0.sqlValue) as (any DatabaseValueConvertible)? })
        // A statement without result columns (an INSERT, UPDATE or DELETE without RETURNING) has no rows to read: run
        // it to its end with the arguments bound in place (GRDB binds text without copying it), with no row cursor.
        if statement.columnCount == 0 {
            try statement.execute(arguments: arguments)
            return []
        }
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
        case .date(let value): return storageText(value)?.databaseValue ?? value.databaseValue
        }
    }

    /// `date` as GRDB stores it, `yyyy-MM-dd HH:mm:ss.SSS` at UTC (to the nearest millisecond, as its
    /// `DateFormatter` writes it), written by hand: that formatter (ICU, behind a lock) was a third of what writing an
    /// event row cost in a profile. Nil outside the years 1970-9999, which GRDB formats itself.
    static func storageText(_ date: Date) -> String? {
        // The milliseconds as the formatter writes them: Foundation's arithmetic, rounded to the nearest.
        let millis = ((date.timeIntervalSinceReferenceDate + 978_307_200) * 1_000).rounded()
        guard millis >= 0, millis < 253_402_300_800_000 else { return nil }
        let total = Int64(millis)
        let (days, millisOfDay) = total.quotientAndRemainder(dividingBy: 86_400_000)
        // Days since 1970-01-01 to a civil date (Howard Hinnant's `civil_from_days`; days are never negative here).
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        var bytes = [UInt8](repeating: UInt8(ascii: "0"), count: 23)
        func put(_ value: Int64, at end: Int, digits: Int) {
            var value = value
            for index in stride(from: end - 1, through: end - digits, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
        }
        put(year, at: 4, digits: 4)
        bytes[4] = UInt8(ascii: "-")
        put(month, at: 7, digits: 2)
        bytes[7] = UInt8(ascii: "-")
        put(day, at: 10, digits: 2)
        bytes[10] = UInt8(ascii: " ")
        put(millisOfDay / 3_600_000, at: 13, digits: 2)
        bytes[13] = UInt8(ascii: ":")
        put(millisOfDay / 60_000 % 60, at: 16, digits: 2)
        bytes[16] = UInt8(ascii: ":")
        put(millisOfDay / 1_000 % 60, at: 19, digits: 2)
        bytes[19] = UInt8(ascii: ".")
        put(millisOfDay % 1_000, at: 23, digits: 3)
        return String(decoding: bytes, as: UTF8.self)
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
