import CLibPQ
import Foundation

/// One libpq connection. Not thread-safe: the pool confines each one to its own serial queue, and a store
/// transaction uses it only inside the body it is given.
public final class PostgresConnection: @unchecked Sendable {
    private var connection: OpaquePointer?
    /// The name of each statement prepared on this connection, by its text: a statement is parsed and planned
    /// once per connection, not on every call (prepared statements outlive transactions, rolled back or not).
    private var preparedNames: [String: String] = [:]
    /// A transaction's BEGIN not sent yet: it goes out with the transaction's first statement, in one round trip
    /// (see `begin`).
    private var pendingBegin: String?
    /// A read-only transaction's COMMIT was sent and its answer is not read yet (see `commit(waiting:)`).
    private var commitInFlight = false

    /// Connects to `url` (a libpq connection URI or key=value string) and sets the session to UTC and ISO dates.
    init(url: String) throws(PostgresError) {
        let connection = PQconnectdb(url)
        guard let connection, PQstatus(connection) == CONNECTION_OK else {
            let message = connection.map { String(cString: PQerrorMessage($0)) } ?? "out of memory"
            PQfinish(connection)
            throw PostgresError(sqlState: nil, message: message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        self.connection = connection
        try execute("SET TIME ZONE 'UTC'; SET DateStyle = 'ISO, YMD'; SET client_min_messages = warning")
    }

    deinit { PQfinish(connection) }

    /// Whether the connection is still usable; a broken one is replaced, never reused.
    var isHealthy: Bool { connection.map { PQstatus($0) == CONNECTION_OK } ?? false }

    /// Closes the connection now (the pool replaces it on next use).
    func close() {
        PQfinish(connection)
        connection = nil
        preparedNames = [:]
        pendingBegin = nil
        commitInFlight = false
    }

    // MARK: - Transactions

    /// Starts a transaction with `statement` (a `BEGIN ...`), sent with the first statement of the body in one round
    /// trip (libpq's pipeline mode) rather than on its own: a look reads a few rows, and a round trip per statement
    /// is most of its cost. A body that runs no statement sends nothing at all.
    func begin(_ statement: String) {
        pendingBegin = statement
    }

    /// Commits the transaction `begin` started (nothing to do when it sent nothing).
    ///
    /// Without `waiting` (a read-only transaction: its commit changes nothing and decides nothing the caller has not
    /// already read) the COMMIT is sent and the call returns at once; its answer is read before the connection's
    /// next statement, so the caller does not wait a round trip for it.
    func commit(waiting: Bool = true) throws(PostgresError) {
        guard pendingBegin == nil else {
            pendingBegin = nil
            return
        }
        guard !waiting, let connection else { return try execute("COMMIT") }
        guard PQsendQuery(connection, "COMMIT") == 1 else { throw brokenPipeline(connection) }
        commitInFlight = true
    }

    /// Reads the answer of a COMMIT sent without waiting, so the connection is free for the next statement.
    private func settleCommit(_ connection: OpaquePointer) {
        guard commitInFlight else { return }
        commitInFlight = false
        while let result = PQgetResult(connection) { PQclear(result) }
    }

    /// Rolls the transaction back, if it was sent at all; a failure here is the connection's, seen by `isHealthy`.
    func rollback() {
        guard pendingBegin == nil else {
            pendingBegin = nil
            return
        }
        _ = try? execute("ROLLBACK")
    }

    // MARK: - Statements

    /// Runs `sql` (one statement with `$1`... parameters, or several without) and returns its rows.
    @discardableResult
    public func query(_ sql: String, _ parameters: [any PostgresBindable] = []) throws(PostgresError) -> [PostgresRow] {
        guard let connection else { throw PostgresError(sqlState: nil, message: "the connection is closed") }
        settleCommit(connection)
        let texts = parameters.map(\.postgresText)
        if let begin = pendingBegin {
            pendingBegin = nil
            // A statement without parameters may be several (only the simple protocol runs those): BEGIN goes first.
            if parameters.isEmpty {
                _ = try Self.rows(of: PQexec(connection, begin), connection)
            } else {
                return try beginAndRun(begin, sql, texts, connection)
            }
        }
        if parameters.isEmpty { return try Self.rows(of: PQexec(connection, sql), connection) }
        let name = try preparedName(sql, parameterCount: texts.count, connection)
        return try Self.rows(
            of: withParameters(texts) { PQexecPrepared(connection, name, Int32(texts.count), $0, nil, nil, 0) },
            connection)
    }

    /// Sends `begin`, `sql`'s preparation when it is new on this connection, and `sql` itself in one pipeline, then
    /// reads their results: `sql`'s rows, or the first error among them (with its SQLSTATE, so a lost race is still
    /// retried). A connection that cannot finish the exchange is closed, to be replaced.
    private func beginAndRun(_ begin: String, _ sql: String, _ texts: [String?], _ connection: OpaquePointer)
        throws(PostgresError) -> [PostgresRow]
    {
        let known = preparedNames[sql]
        let name = known ?? "kith_\(preparedNames.count + 1)"
        var sent = PQenterPipelineMode(connection) == 1
        sent = sent && PQsendQueryParams(connection, begin, 0, nil, nil, nil, nil, 0) == 1
        if known == nil { sent = sent && PQsendPrepare(connection, name, sql, Int32(texts.count), nil) == 1 }
        sent =
            sent
            && withParameters(texts) { PQsendQueryPrepared(connection, name, Int32(texts.count), $0, nil, nil, 0) } == 1
        sent = sent && PQpipelineSync(connection) == 1
        guard sent else { throw brokenPipeline(connection) }

        var firstError: PostgresError?
        var rows: [PostgresRow] = []
        let preparing = known == nil
        for command in 0..<(preparing ? 3 : 2) {
            var answered = false
            while let result = PQgetResult(connection) {
                answered = true
                do {
                    rows = try Self.rows(of: result, connection)
                    // Prepared even if the statement then fails: the name is taken on the server.
                    if preparing && command == 1 { preparedNames[sql] = name }
                } catch {
                    firstError = firstError ?? error
                }
            }
            guard answered else { throw brokenPipeline(connection) }
        }
        guard let sync = PQgetResult(connection), PQresultStatus(sync) == PGRES_PIPELINE_SYNC else {
            throw brokenPipeline(connection)
        }
        PQclear(sync)
        guard PQexitPipelineMode(connection) == 1 else { throw brokenPipeline(connection) }
        if let firstError { throw firstError }
        return rows
    }

    /// The error of a pipeline that could not be sent or read to its end; the connection is closed, so the pool
    /// replaces it rather than reuse one in an unknown state.
    private func brokenPipeline(_ connection: OpaquePointer) -> PostgresError {
        let message = String(cString: PQerrorMessage(connection)).trimmingCharacters(in: .whitespacesAndNewlines)
        close()
        return PostgresError(sqlState: nil, message: message.isEmpty ? "the connection broke" : message)
    }

    /// The name `sql` is prepared under on this connection, preparing it first when it is new here.
    private func preparedName(_ sql: String, parameterCount: Int, _ connection: OpaquePointer) throws(PostgresError)
        -> String
    {
        if let name = preparedNames[sql] { return name }
        let name = "kith_\(preparedNames.count + 1)"
        _ = try Self.rows(of: PQprepare(connection, name, sql, Int32(parameterCount), nil), connection)
        preparedNames[sql] = name
        return name
    }

    /// The rows of `result` (none for a command), which it clears; its error as a `PostgresError`.
    private static func rows(of result: OpaquePointer?, _ connection: OpaquePointer) throws(PostgresError)
        -> [PostgresRow]
    {
        defer { PQclear(result) }
        guard let result else {
            throw PostgresError(sqlState: nil, message: String(cString: PQerrorMessage(connection)))
        }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY: return []
        case PGRES_TUPLES_OK: return rows(result)
        default:
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            let message = String(cString: PQresultErrorMessage(result)).trimmingCharacters(in: .whitespacesAndNewlines)
            throw PostgresError(sqlState: state, message: message)
        }
    }

    /// Runs `sql` for its effect.
    public func execute(_ sql: String, _ parameters: [any PostgresBindable] = []) throws(PostgresError) {
        try query(sql, parameters)
    }

    /// The first row of `sql`, or nil.
    public func first(_ sql: String, _ parameters: [any PostgresBindable] = []) throws(PostgresError) -> PostgresRow? {
        try query(sql, parameters).first
    }

    private static func rows(_ result: OpaquePointer) -> [PostgresRow] {
        let rowCount = PQntuples(result)
        let columnCount = PQnfields(result)
        var rows: [PostgresRow] = []
        rows.reserveCapacity(Int(rowCount))
        for row in 0..<rowCount {
            var values: [String?] = []
            values.reserveCapacity(Int(columnCount))
            for column in 0..<columnCount {
                values.append(
                    PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column)))
            }
            rows.append(PostgresRow(values: values))
        }
        return rows
    }

    /// Calls `body` with C strings for `texts` (NULL for nil) that live as long as the call.
    private func withParameters<T>(
        _ texts: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> T
    ) -> T {
        if texts.isEmpty { return body(nil) }
        let storage: [UnsafeMutablePointer<CChar>?] = texts.map { $0.map { strdup($0) } ?? nil }
        defer { storage.forEach { free($0) } }
        let pointers = storage.map { $0.map { UnsafePointer($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}
