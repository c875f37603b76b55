import PostgresStorage
import Preferences

/// One PostgreSQL transaction seen as a `PreferencesStoreTransaction`. Plain SQL, no rules.
public struct PostgresPreferencesTransaction: PreferencesStoreTransaction {
    let connection: PostgresConnection

    /// The preferences view of an open transaction on `connection`, valid inside the body it was given to.
    public init(_ connection: PostgresConnection) {
        self.connection = connection
    }

    public func values(memberId: String) throws -> [String: String] {
        var values: [String: String] = [:]
        for row in try connection.query("SELECT key, value FROM preferences_values WHERE member_id = $1", [memberId]) {
            values[try row.string(0)] = try row.string(1)
        }
        return values
    }

    public func setValue(_ value: String, forKey key: String, memberId: String) throws {
        try connection.execute(
            """
            INSERT INTO preferences_values (member_id, key, value) VALUES ($1, $2, $3)
            ON CONFLICT (member_id, key) DO UPDATE SET value = excluded.value
            """,
            [memberId, key, value])
    }

    public func removeValues(memberId: String) throws {
        try connection.execute("DELETE FROM preferences_values WHERE member_id = $1", [memberId])
    }
}
