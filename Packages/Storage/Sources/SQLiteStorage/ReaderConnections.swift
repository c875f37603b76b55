import GRDB
import Storage
import Synchronization

/// Read-only connections to the file, handed out from a list under a lock.
///
/// GRDB's `DatabasePool` hands its readers out through a barrier `DispatchQueue.sync`: with a reader thread per
/// core asking at once, a profile of kith-server's look spent a tenth of its time waiting on that queue and
/// switching threads. Taking a connection here is a lock held for one array operation. When every connection is
/// busy the read goes to the pool instead, so a burst never waits here and never opens more than `capacity`. Each
/// read is one transaction (one snapshot), as the pool's are.
final class ReaderConnections: Sendable {
    private let path: String
    private let configuration: Configuration
    private let capacity: Int
    /// Connections not in use; one is opened when a read finds none and fewer than `capacity` are open.
    private let state = Mutex(State())

    private struct State: ~Copyable {
        var idle: [DatabaseQueue] = []
        var open = 0
        var closed = false
    }

    /// `configuration` is the pool's; its connections here are opened read-only.
    init(path: String, configuration: Configuration, capacity: Int) {
        var configuration = configuration
        configuration.readonly = true
        self.path = path
        self.configuration = configuration
        self.capacity = capacity
    }

    /// Runs `body` in a read transaction on a connection of this list, or nil when none is free (or this list is
    /// closed) and the caller must read elsewhere.
    func read<T>(_ body: (Database) throws -> T) throws -> T? {
        guard let connection = try take() else { return nil }
        defer { giveBack(connection) }
        return try connection.inDatabase { db in
            // GRDB's own read transaction prepares its BEGIN and COMMIT anew each time; these stay prepared.
            try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
            do {
                let value = try body(db)
                try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
                return value
            } catch {
                // Never left open: GRDB stops the process when a connection is handed back inside a transaction.
                if db.isInsideTransaction { try? db.cachedStatement(sql: "ROLLBACK TRANSACTION").execute() }
                throw error
            }
        }
    }

    private func take() throws -> DatabaseQueue? {
        enum Taken { case idle(DatabaseQueue), openOne, none }
        let taken: Taken = state.withLock { state in
            if state.closed { return .none }
            if let connection = state.idle.popLast() { return .idle(connection) }
            guard state.open < capacity else { return .none }
            state.open += 1
            return .openOne
        }
        switch taken {
        case .idle(let connection): return connection
        case .none: return nil
        case .openOne:
            do {
                return try DatabaseQueue(path: path, configuration: configuration)
            } catch {
                state.withLock { $0.open -= 1 }
                throw error
            }
        }
    }

    private func giveBack(_ connection: DatabaseQueue) {
        let keep = state.withLock { state in
            if state.closed {
                state.open -= 1
                return false
            }
            state.idle.append(connection)
            return true
        }
        if !keep { try? connection.close() }
    }

    /// Closes the idle connections and stops handing any out; one still reading is closed when its read ends.
    func close() throws {
        let idle = state.withLock { state in
            state.closed = true
            defer { state.open -= state.idle.count; state.idle = [] }
            return state.idle
        }
        for connection in idle { try connection.close() }
    }
}
