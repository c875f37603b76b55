import Foundation

/// One row of a result, read by position: stores select the columns they read, in order.
///
/// The same reads work on both engines: PostgreSQL answers in text (`t`, `42`, `2026-11-23 12:07:00+00`), SQLite
/// in its storage classes; each read accepts what either engine gives for its type.
public struct SQLRow: Sendable {
    let values: [SQLValue]

    /// A row of `values`, in column order.
    public init(_ values: [SQLValue]) {
        self.values = values
    }

    /// The number of columns.
    public var count: Int { values.count }

    /// Column `index` as text; nil for NULL.
    public subscript(index: Int) -> String? {
        switch values[index] {
        case .null: return nil
        case .text(let text): return text
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .bool(let value): return value ? "t" : "f"
        case .date(let value): return SQLTimestamp.text(value)
        }
    }

    /// Column `index` as text, which must not be NULL.
    public func string(_ index: Int) throws(StorageError) -> String {
        guard let value = self[index] else { throw unexpected(index) }
        return value
    }

    /// Column `index` as an integer; nil for NULL.
    public func optionalInt(_ index: Int) throws(StorageError) -> Int? {
        switch values[index] {
        case .null: return nil
        case .integer(let value): return Int(value)
        case .text(let text):
            guard let value = Int(text) else { throw unexpected(index) }
            return value
        default: throw unexpected(index)
        }
    }

    /// Column `index` as an integer, which must not be NULL.
    public func int(_ index: Int) throws(StorageError) -> Int {
        guard let value = try optionalInt(index) else { throw unexpected(index) }
        return value
    }

    /// Column `index` as a boolean (PostgreSQL's `t` / `f`, SQLite's 1 / 0); nil for NULL.
    public func optionalBool(_ index: Int) throws(StorageError) -> Bool? {
        switch values[index] {
        case .null: return nil
        case .integer(let value): return value != 0
        case .text("t"): return true
        case .text("f"): return false
        case .bool(let value): return value
        default: throw unexpected(index)
        }
    }

    /// Column `index` as a boolean, which must not be NULL.
    public func bool(_ index: Int) throws(StorageError) -> Bool {
        guard let value = try optionalBool(index) else { throw unexpected(index) }
        return value
    }

    /// Column `index` as a date stored in UTC; nil for NULL.
    public func optionalDate(_ index: Int) throws(StorageError) -> Date? {
        switch values[index] {
        case .null: return nil
        case .text(let text):
            guard let date = SQLTimestamp.date(text[...]) else { throw unexpected(index) }
            return date
        case .date(let date): return date
        default: throw unexpected(index)
        }
    }

    /// Column `index` as a date, which must not be NULL.
    public func date(_ index: Int) throws(StorageError) -> Date {
        guard let date = try optionalDate(index) else { throw unexpected(index) }
        return date
    }

    /// Column `index` as a floating-point number, which must not be NULL.
    public func double(_ index: Int) throws(StorageError) -> Double {
        switch values[index] {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        case .text(let text):
            guard let value = Double(text) else { throw unexpected(index) }
            return value
        default: throw unexpected(index)
        }
    }

    private func unexpected(_ index: Int) -> StorageError {
        let shown = self[index].map { String($0.prefix(40)) } ?? "NULL"
        return StorageError(.failed, "Column \(index) holds an unexpected value: \(shown)")
    }
}
