import GRDB
import Preferences

/// One GRDB transaction seen as a `PreferencesStoreTransaction`. Plain SQL, no rules.
public struct SQLitePreferencesTransaction: PreferencesStoreTransaction {
    let db: Database

    /// A view over `db`, valid inside the GRDB transaction it belongs to.
    public init(_ db: Database) {
        self.db = db
    }

    public func values(memberId: String) throws -> [String: String] {
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT key, value FROM preferences_values WHERE member_id = ?"),
            arguments: [memberId])
        var values: [String: String] = [:]
        for row in rows {
            guard let key = String.fromDatabaseValue(row["key"]) else { continue }
            values[key] = Self.text(row["value"])
        }
        return values
    }

    /// A stored value as text, whatever SQLite type it has; a blob or NULL has no text (and reads as the default).
    static func text(_ value: DatabaseValue) -> String? {
        switch value.storage {
        case .string(let text): text
        case .int64(let number): String(number)
        case .double(let number): String(number)
        case .blob, .null: nil
        }
    }

    public func setValue(_ value: String, forKey key: String, memberId: String) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO preferences_values (member_id, key, value) VALUES (?, ?, ?)
                ON CONFLICT (member_id, key) DO UPDATE SET value = excluded.value
                """
        ).execute(arguments: [memberId, key, value])
    }

    public func removeValues(memberId: String) throws {
        try db.cachedStatement(sql: "DELETE FROM preferences_values WHERE member_id = ?").execute(arguments: [memberId])
    }
}
