/// What PostgreSQL (or libpq) said when a statement or a connection failed: the SQLSTATE and the server's
/// message, for the log. Stores map it to `StorageError`; users never read the message.
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The five-character SQLSTATE (`40001`, `23505`, ...), or nil when no server answered.
    public let sqlState: String?
    /// libpq's or the server's message.
    public let message: String

    public init(sqlState: String?, message: String) {
        self.sqlState = sqlState
        self.message = message
    }

    /// A serialization failure or a deadlock: the transaction lost to a concurrent one and may run again whole.
    public var isRetryable: Bool { sqlState == "40001" || sqlState == "40P01" }

    /// A unique constraint refused a row.
    public var isUniqueViolation: Bool { sqlState == "23505" }

    /// No server answered, or the connection broke (SQLSTATE class 08, a shutdown in class 57P, or none).
    public var isConnectionFailure: Bool {
        guard let sqlState else { return true }
        return sqlState.hasPrefix("08") || sqlState.hasPrefix("57P")
    }

    public var description: String { "PostgreSQL \(sqlState ?? "-----"): \(message)" }
}
