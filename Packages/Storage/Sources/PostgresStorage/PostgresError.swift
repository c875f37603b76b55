/// What PostgreSQL (or libpq) said when a statement or a connection failed: the SQLSTATE and the server's
/// message, for the log. Stores map it to `StorageError`; users never read the message.
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The five-character SQLSTATE (`40001`, `23505`, ...), or nil when no server answered.
    public let sqlState: String?
    /// libpq's or the server's message.
    public let message: String
    /// No answer came before the connection's deadline (the database stopped answering): the connection was closed.
    public let timedOut: Bool

    public init(sqlState: String?, message: String, timedOut: Bool = false) {
        self.sqlState = sqlState
        self.message = message
        self.timedOut = timedOut
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

    /// The database cannot do this now, though nothing is wrong with the statement: it was cancelled (57014:
    /// `statement_timeout`, `pg_cancel_backend`), the database is read-only (25006: a standby after a failover,
    /// `default_transaction_read_only`), a lock was not granted in time (55P03), it lacks resources (class 53: disk
    /// full, out of memory, too many connections) or failed itself (class 58: an I/O error). Try again later.
    public var isUnavailable: Bool {
        guard let sqlState else { return false }
        return sqlState == "57014" || sqlState == "25006" || sqlState == "55P03" || sqlState.hasPrefix("53")
            || sqlState.hasPrefix("58")
    }

    /// The database refuses writes (a standby, or `default_transaction_read_only`).
    public var isReadOnly: Bool { sqlState == "25006" }

    public var description: String { "PostgreSQL \(sqlState ?? "-----"): \(message)\(timedOut ? " (timed out)" : "")" }
}
