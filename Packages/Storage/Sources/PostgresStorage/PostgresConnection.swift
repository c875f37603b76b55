import CLibPQ
import Foundation
import Storage

/// One libpq connection. Not thread-safe: the pool confines each one to its own serial queue, and a store
/// transaction uses it only inside the body it is given.
///
/// Every wait for the database has a deadline: the connection is made with libpq's non-blocking calls and each
/// answer is awaited with `poll` on the socket, never with a blocking `PQgetResult`. A database that stops answering
/// (a paused server, a lost network) costs a caller at most `Timeouts.connect` or `Timeouts.answer`; the connection
/// is then closed, to be replaced on next use. TCP keepalives are on too, for idle pooled connections.
public final class PostgresConnection: SQLConnection, @unchecked Sendable {
    /// How long a connection waits for the database.
    public struct Timeouts: Sendable {
        /// To connect, the server's greeting and authentication included.
        public var connect: Duration
        /// For each exchange's answer (a statement, or a pipeline of them); nil waits as long as it takes.
        public var answer: Duration?

        public init(connect: Duration = .seconds(3), answer: Duration? = .seconds(5)) {
            self.connect = connect
            self.answer = answer
        }
    }

    private var connection: OpaquePointer?
    private let timeouts: Timeouts
    /// The name of each statement prepared on this connection, by its text: a statement is parsed and planned
    /// once per connection, not on every call (prepared statements outlive transactions, rolled back or not).
    private var preparedNames: [String: String] = [:]
    /// Statements not sent yet: a transaction's BEGIN (see `begin`) and statements whose answer may wait (see
    /// `later`). They go out with the next statement whose answer is needed, in one round trip.
    private var pending: [Statement] = []
    /// The number of the next statement prepared on this connection (names are never reused, even when a
    /// preparation is refused).
    private var nextPreparedNumber = 1
    /// A read-only transaction's COMMIT was sent, in a pipeline of its own, and its answer is not read yet (see
    /// `commit(waiting:)`): the connection is still in pipeline mode.
    private var commitInFlight = false
    /// The current transaction's COMMIT went out: if the connection breaks now, whether it committed is unknown, so
    /// its body must not run again (see `PostgresDatabase`).
    private(set) var commitSent = false
    /// On a replica: a WAL position this connection's server had replayed when last asked. Replay only moves forward
    /// while the connection lives (a restarted standby ends it), so a transaction begun later sees at least this.
    var replayedAtLeast: CommitPosition?

    /// A statement waiting to be sent, and where its answer goes.
    private struct Statement {
        let sql: String
        /// Nil for a statement sent as it is (BEGIN); else its parameters (possibly none), sent prepared.
        let parameters: [String?]?
        let answer: PostgresLater?
    }

    /// Connects to `url` (a libpq connection URI or key=value string) and sets the session to UTC and ISO dates.
    ///
    /// Keepalives find a peer that vanished (TCP only: a Unix socket has none; the answer deadline covers both).
    /// The URL's own settings win over these defaults.
    init(url: String, timeouts: Timeouts = Timeouts()) throws(PostgresError) {
        self.timeouts = timeouts
        let defaults = [
            ("keepalives", "1"), ("keepalives_idle", "10"), ("keepalives_interval", "2"), ("keepalives_count", "3"),
            ("tcp_user_timeout", "10000"), ("dbname", url),
        ]
        let connection = Self.withCStrings(defaults.map(\.0)) { keywords in
            Self.withCStrings(defaults.map(\.1)) { values in PQconnectStartParams(keywords, values, 1) }
        }
        guard let connection else { throw PostgresError(sqlState: nil, message: "out of memory") }
        self.connection = connection
        let deadline = ContinuousClock.now + timeouts.connect
        var polling = PGRES_POLLING_WRITING
        while polling != PGRES_POLLING_OK {
            guard PQstatus(connection) != CONNECTION_BAD, polling != PGRES_POLLING_FAILED else {
                throw failed(connection, "could not connect")
            }
            // The socket may change from one call to the next (another address of the same host).
            try waitForSocket(connection, writing: polling == PGRES_POLLING_WRITING, until: deadline, "connect")
            polling = PQconnectPoll(connection)
        }
        guard PQsetnonblocking(connection, 1) == 0 else { throw failed(connection, "could not connect") }
        try query("SET TIME ZONE 'UTC'; SET DateStyle = 'ISO, YMD'; SET client_min_messages = warning", [])
    }

    deinit { PQfinish(connection) }

    /// Whether the connection is still usable; a broken one is replaced, never reused.
    var isHealthy: Bool { connection.map { PQstatus($0) == CONNECTION_OK } ?? false }

    /// Closes the connection now (the pool replaces it on next use). Never waits: the connection is non-blocking, so
    /// the goodbye libpq sends is dropped rather than waited on when the server does not read.
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
        commitSent = false
    }

    /// Queues `sql` to go out with the next statement whose answer is needed, and returns where its answer will be:
    /// a caller that can go on without it (a session checked before the call's answer leaves) saves a round trip.
    /// Reading the answer first sends it (and anything queued before it) at once.
    public func later(_ sql: String, _ parameters: [any SQLBindable]) -> any SQLLater {
        let answer = PostgresLater(connection: self)
        pending.append(Statement(sql: sql, parameters: parameters.map { Self.text($0.sqlValue) }, answer: answer))
        return answer
    }

    /// Sends what is queued (`begin`, `later`), so the answers of `later` statements are there to read.
    func flush() throws(PostgresError) {
        guard !pending.isEmpty else { return }
        guard let connection else { throw PostgresError(sqlState: nil, message: "the connection is closed") }
        try runPipeline(connection)
    }

    /// Whether the transaction's BEGIN has not gone out yet (so nothing of it ran on the server).
    private var beginIsPending: Bool { pending.first.map { $0.parameters == nil } ?? false }

    /// Commits the transaction `begin` started (nothing to do when it sent nothing).
    ///
    /// Without `waiting` (a read-only transaction: its commit changes nothing and decides nothing the caller has not
    /// already read) the COMMIT is sent and the call returns at once. It goes in a pipeline left open, so the next
    /// transaction's first statements follow it on the wire without waiting for its answer, which is read in front
    /// of theirs: neither the caller nor the next transaction sleeps through a round trip for it.
    func commit(waiting: Bool = true) throws(PostgresError) {
        if beginIsPending && pending.count == 1 {
            // Nothing was sent: there is nothing to commit.
            pending = []
            return
        }
        guard let connection else { throw PostgresError(sqlState: nil, message: "the connection is closed") }
        if waiting && !pending.isEmpty {
            // Statements queued with `later` and never read still run, and the COMMIT follows them in the same
            // round trip (a write's last statement, such as its event, costs no wait of its own).
            pending.append(Statement(sql: "COMMIT", parameters: nil, answer: nil))
            commitSent = true
            do throws(PostgresError) {
                try runPipeline(connection)
            } catch {
                // Every answer came (the connection is whole): the first error either stopped the pipeline before
                // the COMMIT, which the server then skipped, or was the COMMIT's own, which ended the transaction
                // rolled back. Nothing committed, so the body may run again as after any failure before the COMMIT.
                if isHealthy { commitSent = false }
                throw error
            }
            return
        }
        // A read-only transaction's queued statements are read before its COMMIT, which is not waited for.
        try flush()
        commitSent = true
        guard !waiting else {
            try query("COMMIT", [])
            return
        }
        try settleCommit(connection)
        let deadline = answerDeadline()
        guard PQenterPipelineMode(connection) == 1,
            PQsendQueryParams(connection, "COMMIT", 0, nil, nil, nil, nil, 0) == 1,
            PQpipelineSync(connection) == 1
        else { throw brokenPipeline(connection) }
        try flushOutput(connection, until: deadline)
        commitInFlight = true
    }

    /// Commits as `commit()` does and, in the same round trip, asks where the primary's WAL stands after it
    /// (`pg_current_wal_flush_lsn()`: a commit waits for its flush, `synchronous_commit` being on, PostgreSQL's default):
    /// a position at or past this commit's, so a replica that has replayed it shows the
    /// commit. Nil when the transaction sent nothing (nothing committed).
    func commitReturningPosition() throws(PostgresError) -> CommitPosition? {
        if beginIsPending && pending.count == 1 {
            pending = []
            return nil
        }
        try flush()
        guard connection != nil else { throw PostgresError(sqlState: nil, message: "the connection is closed") }
        commitSent = true
        // One simple-protocol string: the SELECT runs only when the COMMIT succeeded.
        return try query("COMMIT; SELECT pg_current_wal_flush_lsn()", []).first?[0].flatMap(CommitPosition.init)
    }

    /// Reads the answer of a COMMIT sent without waiting, and leaves its pipeline, so the connection is free for a
    /// statement outside one.
    private func settleCommit(_ connection: OpaquePointer) throws(PostgresError) {
        guard commitInFlight else { return }
        try readCommit(connection, until: answerDeadline())
        guard PQexitPipelineMode(connection) == 1 else { throw brokenPipeline(connection) }
    }

    /// Reads the in-flight COMMIT's answer and its pipeline's sync, which come before anything sent after it. Its
    /// outcome is not the caller's: a read-only transaction has nothing to commit, and a connection that broke is
    /// found by the next answer.
    private func readCommit(_ connection: OpaquePointer, until deadline: ContinuousClock.Instant?)
        throws(PostgresError)
    {
        commitInFlight = false
        while let result = try nextResult(connection, until: deadline) { PQclear(result) }
        guard let sync = try nextResult(connection, until: deadline), PQresultStatus(sync) == PGRES_PIPELINE_SYNC
        else { throw brokenPipeline(connection) }
        PQclear(sync)
    }

    /// Ends the transaction with ROLLBACK when one is open on the server: not when nothing was sent, nor after a
    /// COMMIT that failed (it ended the transaction itself; a ROLLBACK then only makes the server warn "there is no
    /// transaction in progress"). A failure here is the connection's, seen by `isHealthy`.
    func rollback() {
        pending = []
        guard let connection, !commitInFlight else { return }
        let status = PQtransactionStatus(connection)
        guard status == PQTRANS_INTRANS || status == PQTRANS_INERROR else { return }
        _ = try? execute("ROLLBACK")
    }

    // MARK: - Statements

    /// Runs `sql` (one statement with `$1`... parameters, or several without) and returns its rows.
    @discardableResult
    public func query(_ sql: String, _ parameters: [any SQLBindable]) throws(PostgresError) -> [SQLRow] {
        guard let connection else { throw PostgresError(sqlState: nil, message: "the connection is closed") }
        let texts = parameters.map { Self.text($0.sqlValue) }
        if !pending.isEmpty {
            // A statement without parameters may be several (only the simple protocol runs those): what is queued
            // goes first, on its own.
            guard !parameters.isEmpty else {
                try runPipeline(connection)
                return try exchange(connection) { PQsendQuery(connection, sql) }
            }
            let answer = PostgresLater(connection: self)
            pending.append(Statement(sql: sql, parameters: texts, answer: answer))
            try runPipeline(connection)
            return try answer.rows()
        }
        if parameters.isEmpty { return try exchange(connection) { PQsendQuery(connection, sql) } }
        let name = try preparedName(sql, parameterCount: texts.count, connection)
        return try exchange(connection) {
            withParameters(texts) { PQsendQueryPrepared(connection, name, Int32(texts.count), $0, nil, nil, 0) }
        }
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
        let deadline = answerDeadline()
        var commands: [Command] = []
        // A COMMIT in flight left its pipeline open: these statements follow it, and its answer is read first.
        let afterCommit = commitInFlight
        var sent = afterCommit || PQenterPipelineMode(connection) == 1
        for statement in statements where sent {
            guard let texts = statement.parameters else {
                sent = PQsendQueryParams(connection, statement.sql, 0, nil, nil, nil, nil, 0) == 1
                commands.append(.run(statement.answer))
                continue
            }
            var name = preparedNames[statement.sql]
            if name == nil {
                let fresh = freshPreparedName()
                sent = PQsendPrepare(connection, fresh, Self.numbered(statement.sql), Int32(texts.count), nil) == 1
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
        try flushOutput(connection, until: deadline)
        if afterCommit { try readCommit(connection, until: deadline) }

        var firstError: PostgresError?
        for command in commands {
            var answered = false
            while let result = try nextResult(connection, until: deadline) {
                answered = true
                let outcome: Result<[SQLRow], PostgresError>
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
            guard answered else { throw brokenPipeline(connection, firstError) }
        }
        guard let sync = try nextResult(connection, until: deadline), PQresultStatus(sync) == PGRES_PIPELINE_SYNC
        else {
            throw brokenPipeline(connection, firstError)
        }
        PQclear(sync)
        guard PQexitPipelineMode(connection) == 1 else { throw brokenPipeline(connection, firstError) }
        if let firstError { throw firstError }
    }

    /// Sends one command with `send` (a `PQsend...` call) and reads every result it gives, as `PQexec` would, but
    /// waiting no longer than `Timeouts.answer`: the rows of the last result, or the first error.
    private func exchange(_ connection: OpaquePointer, _ send: () -> Int32) throws(PostgresError) -> [SQLRow] {
        try settleCommit(connection)
        let deadline = answerDeadline()
        guard send() == 1 else { throw brokenPipeline(connection) }
        try flushOutput(connection, until: deadline)
        var rows: [SQLRow] = []
        var firstError: PostgresError?
        while let result = try nextResult(connection, until: deadline) {
            do throws(PostgresError) {
                rows = try Self.rows(of: result, connection)
            } catch {
                firstError = firstError ?? error
            }
        }
        if let firstError { throw firstError }
        return rows
    }

    // MARK: - Waiting with a deadline

    /// When the answer of an exchange starting now is given up on.
    private func answerDeadline() -> ContinuousClock.Instant? {
        timeouts.answer.map { ContinuousClock.now + $0 }
    }

    /// Sends what libpq holds for the server, waiting (until `deadline`) while the socket is full.
    private func flushOutput(_ connection: OpaquePointer, until deadline: ContinuousClock.Instant?)
        throws(PostgresError)
    {
        while true {
            switch PQflush(connection) {
            case 0: return
            case 1:
                // libpq's advice: the server may be waiting for us to read before it reads more.
                try waitForSocket(connection, writing: true, until: deadline, "send")
                guard PQconsumeInput(connection) == 1 else { throw brokenPipeline(connection) }
            default: throw brokenPipeline(connection)
            }
        }
    }

    /// The next result, as `PQgetResult` gives it, without blocking past `deadline`.
    private func nextResult(_ connection: OpaquePointer, until deadline: ContinuousClock.Instant?)
        throws(PostgresError) -> OpaquePointer?
    {
        while PQisBusy(connection) == 1 {
            try waitForSocket(connection, writing: false, until: deadline, "answer")
            guard PQconsumeInput(connection) == 1 else { throw brokenPipeline(connection) }
        }
        return PQgetResult(connection)
    }

    /// Waits until the socket can be read (or written, with `writing`), at most until `deadline`. When the deadline
    /// passes, the connection is closed (its state is unknown) and a timeout is thrown.
    private func waitForSocket(
        _ connection: OpaquePointer, writing: Bool, until deadline: ContinuousClock.Instant?, _ what: String
    ) throws(PostgresError) {
        let socket = PQsocket(connection)
        guard socket >= 0 else { throw brokenPipeline(connection) }
        var descriptor = pollfd(
            fd: socket, events: Int16(writing ? POLLIN | POLLOUT : POLLIN), revents: 0)
        while true {
            var milliseconds: Int32 = -1
            if let deadline {
                let left = deadline - ContinuousClock.now
                guard left > .zero else {
                    close()
                    throw PostgresError(
                        sqlState: nil, message: "the database did not \(what) in time", timedOut: true)
                }
                let (seconds, attoseconds) = left.components
                milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            }
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { throw brokenPipeline(connection) }
        }
    }

    /// The error of a connection that could not be made; it is closed.
    private func failed(_ connection: OpaquePointer, _ what: String) -> PostgresError {
        let message = String(cString: PQerrorMessage(connection)).trimmingCharacters(in: .whitespacesAndNewlines)
        close()
        return PostgresError(sqlState: nil, message: message.isEmpty ? what : message)
    }

    /// The error of a pipeline that could not be sent or read to its end; the connection is closed, so the pool
    /// replaces it rather than reuse one in an unknown state. A server's error read before the break (a backend
    /// terminated by the administrator says so first) is the error given.
    private func brokenPipeline(_ connection: OpaquePointer, _ said: PostgresError? = nil) -> PostgresError {
        let message = String(cString: PQerrorMessage(connection)).trimmingCharacters(in: .whitespacesAndNewlines)
        close()
        if let said, said.isConnectionFailure { return said }
        return PostgresError(sqlState: nil, message: message.isEmpty ? "the connection broke" : message)
    }

    /// The name `sql` is prepared under on this connection, preparing it first when it is new here.
    private func preparedName(_ sql: String, parameterCount: Int, _ connection: OpaquePointer) throws(PostgresError)
        -> String
    {
        if let name = preparedNames[sql] { return name }
        let name = freshPreparedName()
        _ = try exchange(connection) { PQsendPrepare(connection, name, Self.numbered(sql), Int32(parameterCount), nil) }
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
        -> [SQLRow]
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

    public var dialect: SQLDialect { .postgres }

    /// `sql` with its `?` parameters numbered `$1`, `$2`... as PostgreSQL reads them: once per statement text, when
    /// it is prepared. A `?` inside quotes ('text', "name") or a comment is left alone; so is a `?|` operator.
    static func numbered(_ sql: String) -> String {
        guard sql.utf8.contains(UInt8(ascii: "?")) else { return sql }
        var result = ""
        result.reserveCapacity(sql.utf8.count + 8)
        var number = 0
        var quote: Character?
        var comment = false
        var previous: Character = " "
        for character in sql {
            defer { previous = character }
            if comment {
                if character == "\n" { comment = false }
            } else if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "-" && previous == "-" {
                comment = true
            } else if character == "?" {
                number += 1
                result += "$\(number)"
                continue
            }
            result.append(character)
        }
        return result
    }

    /// A parameter in PostgreSQL's text format; nil is NULL.
    static func text(_ value: SQLValue) -> String? {
        switch value {
        case .null: return nil
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let value): return value
        case .bool(let value): return value ? "t" : "f"
        case .date(let value): return SQLTimestamp.text(value)
        }
    }

    private static func rows(_ result: OpaquePointer) -> [SQLRow] {
        let rowCount = PQntuples(result)
        let columnCount = PQnfields(result)
        var rows: [SQLRow] = []
        rows.reserveCapacity(Int(rowCount))
        for row in 0..<rowCount {
            var values: [SQLValue] = []
            values.reserveCapacity(Int(columnCount))
            for column in 0..<columnCount {
                values.append(
                    PQgetisnull(result, row, column) == 1
                        ? .null : .text(String(cString: PQgetvalue(result, row, column))))
            }
            rows.append(SQLRow(values))
        }
        return rows
    }

    /// Calls `body` with C strings for `texts` (NULL for nil) that live as long as the call.
    private func withParameters<T>(
        _ texts: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> T
    ) -> T {
        if texts.isEmpty { return body(nil) }
        return Self.withCStrings(texts, body)
    }

    /// Calls `body` with a C array of `texts` (NULL for nil) followed by a NULL, alive for the call.
    private static func withCStrings<T>(
        _ texts: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> T
    ) -> T {
        let storage: [UnsafeMutablePointer<CChar>?] = texts.map { $0.map { strdup($0) } ?? nil } + [nil]
        defer { storage.forEach { free($0) } }
        let pointers = storage.map { $0.map { UnsafePointer($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}

/// The answer of a statement queued with `PostgresConnection.later`: its rows once sent, read inside the same
/// transaction body.
public final class PostgresLater: SQLLater, @unchecked Sendable {
    private let connection: PostgresConnection
    /// Nil until the statement was sent and answered.
    fileprivate var outcome: Result<[SQLRow], PostgresError>?

    fileprivate init(connection: PostgresConnection) { self.connection = connection }

    /// The statement's rows, sending it (and what is queued with it) first when it has not gone out yet.
    public func rows() throws(PostgresError) -> [SQLRow] {
        if outcome == nil { try connection.flush() }
        guard let outcome else {
            throw PostgresError(sqlState: nil, message: "a statement's answer was read after its transaction ended")
        }
        return try outcome.get()
    }

    /// The first row, or nil.
    public func first() throws(PostgresError) -> SQLRow? { try rows().first }
}
