import Preferences
import Storage

/// One SQL transaction (SQLite or PostgreSQL) seen as a `PreferencesStoreTransaction`. Plain SQL, no rules.
public struct SQLPreferencesTransaction: PreferencesStoreTransaction {
    let connection: any SQLConnection

    /// The preferences view of an open transaction on `connection`, valid inside the body it was given to.
    public init(_ connection: any SQLConnection) {
        self.connection = connection
    }

    /// A value stored with another SQLite type reads as its text (an integer `4` as "4"); NULL has none and is
    /// left out. Either way a value that is not valid reads as the default.
    public func values(memberId: String) throws -> [String: String] {
        var values: [String: String] = [:]
        for row in try connection.query("SELECT key, value FROM preferences_values WHERE member_id = ?", [memberId]) {
            guard let key = row[0] else { continue }
            values[key] = row[1]
        }
        return values
    }

    public func setValue(_ value: String, forKey key: String, memberId: String) throws {
        try connection.execute(
            """
            INSERT INTO preferences_values (member_id, key, value) VALUES (?, ?, ?)
            ON CONFLICT (member_id, key) DO UPDATE SET value = excluded.value
            """,
            [memberId, key, value])
    }

    public func removeValues(memberId: String) throws {
        try connection.execute("DELETE FROM preferences_values WHERE member_id = ?", [memberId])
    }
}
