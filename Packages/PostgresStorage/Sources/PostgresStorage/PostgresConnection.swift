import CLibPQ
import Foundation

/// One libpq connection. Not thread-safe: the pool confines each one to its own serial queue, and a store
/// transaction uses it only inside the body it is given.
public final class PostgresConnection: @unchecked Sendable {
    private var connection: OpaquePointer?
    /// The name of each statement prepared on this connection, by its text: a statement is parsed and planned
    /// once per connection, not on every call (prepared statements outlive transactions, rolled back or not).
    private var preparedNames: [String: String] = [:]
    /// Statements not sent yet: a transaction's BEGIN (see `begin`) and statements whose answer may wait (see
    /// `later`). They go out with the next statement whose answer is needed, in one round trip.
    private var pending: [Statement] = []
    /// The number of the next statement prepared on this connection (names are never reused, even when a
    /// preparation is refused).
    private var nextPreparedNumber = 1
    /// A read-only transaction's COMMIT was sent and its answer is not read yet (see `commit(waiting:)`).
    private var commitInFlight = false

    /// A statement waiting to be sent, and where its answer goes.
    private struct Statement {
        let sql: String
        /// Nil for a statement sent as it is (BEGIN); else its parameters (possibly none), sent prepared.
        let parameters: [String?]?
        let answer: PostgresLater?
    }

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
        pending = []
        commitInFlight = false
    }

    // MARK: - Transactions

    /// Starts a transaction with `statement` (a `BEGIN ...`), sent with the first statement of the body in one round
    /// trip (libpq's pipeline mode) rather than on its own: a look reads a few rows, and a round trip per statement
    /// is most of its cost. A body that runs no statement sends nothing at all.
    func begin(_ statement: String) {
        pending = [Statement(sql: statement, parameters: nil, answer: nil)]
    }

    /// Queues `sql` to go out with the next statement whose answer is needed, and returns where its answer will be:
    /// a caller that can go on without it (a session checked before the call's answer leaves) saves a round trip.
    /// Reading the answer first sends it (and anything queued before it) at once.
    public func later(_ sql: String, _ parameters: [any PostgresBindable] = []) -> PostgresLater {
        let answer = PostgresLater(connection: self)
        pending.append(Statement(sql: sql, parameters: parameters.map(\.postgresText), answer: answer))
        return answer
    }

    /// Sends what is queued (`begin`, `later`), so the answers of `later` statements are there to read.
    func flush() throws(PostgresError) {
        guard !pending.isEmpty else { return }
        guard let connection else { throw PostgresError(sqlState: nil, message: "the connection is closed") }
        settleCommit(connection)
        try runPipeline(connection)
    }

    /// Whether the transaction's BEGIN has not gone out yet (so nothing of it ran on the server).
    private var beginIsPending: Bool { pending.first.map { $0.parameters == nil } ?? false }

    /// Commits the transaction `begin` started (nothing to do when it sent nothing).
    ///
    /// Without `waiting` (a read-only transaction: its commit changes nothing and decides nothing the caller has not
    /// already read) the COMMIT is sent and the call returns at once; its answer is read before the connection's
    /// next statement, so the caller does not wait a round trip for it.
    func commit(waiting: Bool = true) throws(PostgresError) {
        if beginIsPending && pending.count == 1 {
            // Nothing was sent: there is nothing to commit.
            pending = []
            return
        }
        // Statements queued with `later` and never read still run: the transaction commits them.
        try flush()
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
        // A BEGIN not sent yet: nothing ran. Otherwise queued statements are dropped with the transaction.
        let sent = !beginIsPending
        pending = []
        if sent { _ = try? execute("ROLLBACK") }
    }

    // MARK: - Statements

    /// Runs `sql` (one statement with `$1`... parameters, or several without) and returns its rows.
    @discardableResult
    public func query(_ sql: String, _ parameters: [any PostgresBindable] = []) throws(PostgresError) -> [PostgresRow] {
        guard let connection else { throw PostgresError(sqlState: nil, message: "the connection is closed") }
        settleCommit(connection)
        let texts = parameters.map(\.postgresText)
        if !pending.isEmpty {
            // A statement without parameters may be several (only the simple protocol runs those): what is queued
            // goes first, on its own.
            guard !parameters.isEmpty else {
                try runPipeline(connection)
                return try Self.rows(of: PQexec(connection, sql), connection)
            }
            let answer = PostgresLater(connection: self)
            pending.append(Statement(sql: sql, parameters: texts, answer: answer))
            try runPipeline(connection)
            return try answer.rows()
        }
        if parameters.isEmpty { return try Self.rows(of: PQexec(connection, sql), connection) }
        let name = try preparedName(sql, parameterCount: texts.count, connection)
        return try Self.rows(
            of: withParameters(texts) { PQexecPrepared(connection, name, Int32(texts.count), $0, nil, nil, 0) },
            connection)
    }

    /// Sends every queued statement (each new one's preparation first) in one pipeline, then reads their results
    /// into their answers. The first error among them is thrown too (with its SQLSTATE, so a lost race is still
    /// retried): after it the server skips the rest of the pipeline. A connection that cannot finish the exchange is
    /// closed, to be replaced.
    private func runPipeline(_ connection: OpaquePointer) throws(PostgresError) {
        let statements = pending
        pending = []
        /// What each command sent answers: a statement's preparation (with the name it takes), or a statement.
        enum Command {
            case prepare(sql: String, name: String)
            case run(PostgresLater?)
        }
        var commands: [Command] = []
        var sent = PQenterPipelineMode(connection) == 1
        for statement in statements where sent {
            guard let texts = statement.parameters else {
                sent = PQsendQueryParams(connection, statement.sql, 0, nil, nil, nil, nil, 0) == 1
                commands.append(.run(statement.answer))
                continue
            }
            var name = preparedNames[statement.sql]
            if name == nil {
                let fresh = freshPreparedName()
                sent = PQsendPrepare(connection, fresh, statement.sql, Int32(texts.count), nil) == 1
                commands.append(.prepare(sql: statement.sql, name: fresh))
                name = fresh
            }
            sent =
                sent
                && withParameters(texts) {
                    PQsendQueryPrepared(connection, name, Int32(texts.count), $0, nil, nil, 0)
                } == 1
            commands.append(.run(statement.answer))
        }
        sent = sent && PQpipelineSync(connection) == 1
        guard sent else { throw brokenPipeline(connection) }

        var firstError: PostgresError?
        for command in commands {
            var answered = false
            while let result = PQgetResult(connection) {
                answered = true
                let outcome: Result<[PostgresRow], PostgresError>
                do throws(PostgresError) {
                    outcome = .success(try Self.rows(of: result, connection))
                } catch {
                    outcome = .failure(error)
                    firstError = firstError ?? error
                }
                switch command {
                case .prepare(let sql, let name):
                    // Prepared even if the statement then fails: the name is taken on the server.
                    if case .success = outcome { preparedNames[sql] = name }
                case .run(let answer):
                    answer?.outcome = outcome
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
        let name = freshPreparedName()
        _ = try Self.rows(of: PQprepare(connection, name, sql, Int32(parameterCount), nil), connection)
        preparedNames[sql] = name
        return name
    }

    /// A statement name not used before on this connection.
    private func freshPreparedName() -> String {
        defer { nextPreparedNumber += 1 }
        return "kith_\(nextPreparedNumber)"
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

/// The answer of a statement queued with `PostgresConnection.later`: its rows once sent, read inside the same
/// transaction body.
public final class PostgresLater: @unchecked Sendable {
    private let connection: PostgresConnection
    /// Nil until the statement was sent and answered.
    fileprivate var outcome: Result<[PostgresRow], PostgresError>?

    fileprivate init(connection: PostgresConnection) { self.connection = connection }

    /// The statement's rows, sending it (and what is queued with it) first when it has not gone out yet.
    public func rows() throws(PostgresError) -> [PostgresRow] {
        if outcome == nil { try connection.flush() }
        guard let outcome else {
            throw PostgresError(sqlState: nil, message: "a statement's answer was read after its transaction ended")
        }
        return try outcome.get()
    }

    /// The first row, or nil.
    public func first() throws(PostgresError) -> PostgresRow? { try rows().first }
}
