import Foundation
import SQLiteStorage
import Storage
import Synchronization

/// What a statement that `FailingDatabase` was told to fail throws, naming the statement.
public struct InjectedStatementFailure: Error, Equatable, CustomStringConvertible {
    /// The statement's text.
    public let sql: String

    public init(sql: String) {
        self.sql = sql
    }

    public var description: String { "Injected failure of: \(sql)" }
}

/// A database around another whose statements can be told to fail, for tests of what a failure half-way through a
/// transaction leaves behind (nothing) on any store over the SQL seam, without a double of the store itself.
///
/// A statement matches a pattern when its text contains it (`"INSERT INTO circles_cells"`). Every statement is
/// counted by the patterns it matches, failed ones included, so a test can also show how many of a kind ran.
/// A body that PostgreSQL runs again after a serialization failure counts again.
public final class FailingDatabase: SQLDatabase {
    public let inner: any SQLDatabase
    private let state = Mutex(State())

    private struct State {
        /// What to fail: statements containing `pattern`, the `nth` matching one from when it was set (nil: each).
        var pattern: String?
        var nth: Int?
        var error: (any Error)?
        var matches = 0
        var statements: [String] = []

        mutating func arm(_ pattern: String, nth: Int?, error: (any Error)?) {
            self.pattern = pattern
            self.nth = nth
            self.error = error
            matches = 0
        }
    }

    /// The folder of the file `temporarySQLite` made, removed with this database.
    private let folder: String?

    public init(_ inner: any SQLDatabase) {
        self.inner = inner
        folder = nil
    }

    private init(_ inner: any SQLDatabase, folder: String) {
        self.inner = inner
        self.folder = folder
    }

    deinit {
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// A failing database over a new SQLite file with `features` migrated, in a temporary folder of its own that is
    /// removed with it: for a test whose own store has no statements to fail (one in memory).
    public static func temporarySQLite(_ features: [FeatureMigrations]) throws -> FailingDatabase {
        let folder = NSTemporaryDirectory() + "kith-failing-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        do {
            return FailingDatabase(
                try SQLiteDatabase.open(at: folder + "/kith.sqlite", features: features), folder: folder)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    public var dialect: SQLDialect { inner.dialect }

    /// Makes the `n`th statement from now whose text contains `pattern` throw `error` (an `InjectedStatementFailure`
    /// when nil); the others run. Replaces what was set before.
    public func fail(_ pattern: String, at n: Int = 1, with error: (any Error)? = nil) {
        state.withLock { $0.arm(pattern, nth: n, error: error) }
    }

    /// Makes every statement from now whose text contains `pattern` (`""`: every statement) throw `error` (an
    /// `InjectedStatementFailure` when nil), until `stopFailing()`. Replaces what was set before.
    public func failEvery(_ pattern: String, with error: (any Error)? = nil) {
        state.withLock { $0.arm(pattern, nth: nil, error: error) }
    }

    /// Lets every statement run again.
    public func stopFailing() {
        state.withLock { $0.pattern = nil }
    }

    /// How many statements containing the pattern last set were tried since it was set (the failed one included).
    public var matches: Int { state.withLock { $0.matches } }

    /// How many statements whose text contains `pattern` (`""`: every statement) were tried through this database,
    /// failed ones included.
    public func count(_ pattern: String) -> Int {
        state.withLock { $0.statements.count { Self.sql($0, contains: pattern) } }
    }

    public func read<T: Sendable>(_ body: @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try await inner.read { connection in try body(FailingConnection(inner: connection, database: self)) }
    }

    public func write<T: Sendable>(synchronous: Bool, _ body: @Sendable (any SQLConnection) throws -> T)
        async throws -> T
    {
        try await inner.write(synchronous: synchronous) { connection in
            try body(FailingConnection(inner: connection, database: self))
        }
    }

    /// Records `sql` and throws when it is the statement to fail.
    func check(_ sql: String) throws {
        let error = state.withLock { state -> (any Error)? in
            state.statements.append(sql)
            guard let pattern = state.pattern, Self.sql(sql, contains: pattern) else { return nil }
            state.matches += 1
            guard state.nth == nil || state.nth == state.matches else { return nil }
            return state.error ?? InjectedStatementFailure(sql: sql)
        }
        if let error { throw error }
    }

    /// Whether `sql` matches `pattern`; Foundation's `contains` finds no empty string, which here matches all.
    static func sql(_ sql: String, contains pattern: String) -> Bool {
        pattern.isEmpty || sql.contains(pattern)
    }
}

/// A connection of `FailingDatabase`: each statement is checked against what the database was told to fail, then
/// runs on the connection it wraps.
struct FailingConnection: SQLConnection {
    let inner: any SQLConnection
    let database: FailingDatabase

    var dialect: SQLDialect { inner.dialect }

    func query(_ sql: String, _ parameters: [any SQLBindable]) throws -> [SQLRow] {
        try database.check(sql)
        return try inner.query(sql, parameters)
    }

    func later(_ sql: String, _ parameters: [any SQLBindable]) throws -> any SQLLater {
        try database.check(sql)
        return try inner.later(sql, parameters)
    }
}
