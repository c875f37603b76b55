/// The engine a connection talks to, for the few statements the engines spell differently (triggers, functions,
/// column types in a schema step).
public enum SQLDialect: Sendable, Hashable {
    case sqlite
    case postgres
}

/// One open transaction's connection: statements written once with `?` parameters, on either engine.
///
/// Valid only inside the transaction body it was given to. Stores hold no rules: a connection runs what they say.
public protocol SQLConnection {
    /// The engine behind this connection.
    var dialect: SQLDialect { get }

    /// Runs `sql` (one statement with `?` parameters) and returns its rows.
    @discardableResult
    func query(_ sql: String, _ parameters: [any SQLBindable]) throws -> [SQLRow]

    /// Queues `sql` and returns at once; its rows are read with `SQLLater.rows()` inside the same body. PostgreSQL
    /// sends what is queued together with the next statement whose answer is needed, in one round trip; SQLite
    /// (in-process, nothing to save) runs it at once.
    func later(_ sql: String, _ parameters: [any SQLBindable]) throws -> any SQLLater
}

extension SQLConnection {
    /// Runs `sql` for its effect.
    public func execute(_ sql: String, _ parameters: [any SQLBindable] = []) throws {
        try query(sql, parameters)
    }

    /// The first row of `sql`, or nil.
    public func first(_ sql: String, _ parameters: [any SQLBindable] = []) throws -> SQLRow? {
        try query(sql, parameters).first
    }

    /// Runs `sql`, which has no parameters, and returns its rows.
    @discardableResult
    public func query(_ sql: String) throws -> [SQLRow] {
        try query(sql, [])
    }

    /// `?, ?, ?` for `count` values; `NULL` for none (so `IN (NULL)` matches nothing).
    public func marks(_ count: Int) -> String {
        count == 0 ? "NULL" : Array(repeating: "?", count: count).joined(separator: ", ")
    }
}

/// The answer of a statement queued with `SQLConnection.later`.
public protocol SQLLater: Sendable {
    /// The statement's rows, sending it (and what is queued with it) first when it has not gone out yet.
    func rows() throws -> [SQLRow]
}

extension SQLLater {
    /// The first row, or nil.
    public func first() throws -> SQLRow? { try rows().first }
}

/// An answer already there (SQLite's, run at once).
public struct SQLAnswered: SQLLater {
    let answer: [SQLRow]

    public init(_ rows: [SQLRow]) { answer = rows }

    public func rows() throws -> [SQLRow] { answer }
}

/// A database the SQL stores run transactions on: SQLite's file or PostgreSQL's pool.
public protocol SQLDatabase: Sendable {
    /// The engine, for the stores' few dialect branches.
    var dialect: SQLDialect { get }

    /// Runs `body` in one read-only transaction over one snapshot.
    func read<T: Sendable>(_ body: @Sendable (any SQLConnection) throws -> T) async throws -> T

    /// Runs `body` in one write transaction: all of its writes are kept, or none. `synchronous` asks for the commit
    /// to be on disk before this returns, power loss included (`Durability.immediate`). A body may run more than
    /// once (PostgreSQL reruns it after losing to a concurrent transaction), so it has no effect outside it.
    func write<T: Sendable>(synchronous: Bool, _ body: @Sendable (any SQLConnection) throws -> T) async throws -> T
}
