import Foundation

/// One row of a result, its columns as PostgreSQL's text (nil for NULL), read by position.
///
/// Reading by position rather than by name keeps a row cheap: stores select the columns they read, in order.
public struct PostgresRow: Sendable {
    let values: [String?]

    /// The number of columns.
    public var count: Int { values.count }

    /// Column `index` as text; nil for NULL.
    public subscript(index: Int) -> String? { values[index] }

    /// Column `index`, which must not be NULL.
    public func string(_ index: Int) throws(PostgresError) -> String {
        guard let value = values[index] else { throw Self.unexpected("NULL", index) }
        return value
    }

    /// Column `index` as an integer; nil for NULL.
    public func optionalInt(_ index: Int) throws(PostgresError) -> Int? {
        guard let text = values[index] else { return nil }
        guard let value = Int(text) else { throw Self.unexpected(text, index) }
        return value
    }

    /// Column `index` as an integer, which must not be NULL.
    public func int(_ index: Int) throws(PostgresError) -> Int {
        guard let value = try optionalInt(index) else { throw Self.unexpected("NULL", index) }
        return value
    }

    /// Column `index` as a boolean (`t` / `f`).
    public func bool(_ index: Int) throws(PostgresError) -> Bool {
        switch values[index] {
        case "t": return true
        case "f": return false
        case let other: throw Self.unexpected(other ?? "NULL", index)
        }
    }

    /// Column `index` as a `timestamptz`; nil for NULL.
    public func optionalDate(_ index: Int) throws(PostgresError) -> Date? {
        guard let text = values[index] else { return nil }
        guard let date = PostgresTimestamp.date(text[...]) else { throw Self.unexpected(text, index) }
        return date
    }

    /// Column `index` as a `timestamptz`, which must not be NULL.
    public func date(_ index: Int) throws(PostgresError) -> Date {
        guard let date = try optionalDate(index) else { throw Self.unexpected("NULL", index) }
        return date
    }

    /// Column `index` as a floating-point number.
    public func double(_ index: Int) throws(PostgresError) -> Double {
        guard let text = values[index], let value = Double(text) else {
            throw Self.unexpected(values[index] ?? "NULL", index)
        }
        return value
    }

    private static func unexpected(_ text: String, _ index: Int) -> PostgresError {
        PostgresError(sqlState: "XX000", message: "column \(index) holds an unexpected value: \(text.prefix(40))")
    }
}
