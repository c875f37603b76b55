import Foundation
import PostgresStorage
import Storage

/// The hot standby `Tools/with-postgres` starts beside its cluster (`KITH_TEST_REPLICA_URL`, `KITH_TEST_REPLICA_PGCTL`).
/// There is one for the whole run: tests that pause or stop it run one at a time (one serialized suite) and leave it
/// replaying and running.
extension TestPostgres {
    /// Runs `body` while no other test of this process holds the standby: tests that pause or stop it take turns,
    /// wherever they are (every test target runs in one process), and leave it running and replaying.
    public static func withReplica<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        await replicaTurns.take()
        do {
            let value = try await body()
            await replicaTurns.give()
            return value
        } catch {
            await replicaTurns.give()
            throw error
        }
    }

    /// The standby's URL with the same schema as `url` (a `freshSchemaURL()` of the cluster).
    public static func replicaURL(of url: String) throws -> String {
        let cluster = try clusterURL()
        guard let replica = ProcessInfo.processInfo.environment["KITH_TEST_REPLICA_URL"], !replica.isEmpty else {
            throw Unavailable(description: "KITH_TEST_REPLICA_URL is not set: run the tests through Tools/test")
        }
        guard url.hasPrefix(cluster) else { throw Unavailable(description: "\(url) is not on the test cluster") }
        return replica + url.dropFirst(cluster.count)
    }

    /// Runs `pg_ctl ARGS` on the standby as its owner (`stop -m fast`, `start`).
    public static func replicaPgctl(_ arguments: String...) async throws {
        guard let pgctl = ProcessInfo.processInfo.environment["KITH_TEST_REPLICA_PGCTL"] else {
            throw Unavailable(description: "KITH_TEST_REPLICA_PGCTL is not set: run the tests through Tools/test")
        }
        let status = try await run(
            ["/bin/sh", "-c", #"exec setsid "$0" "$@" </dev/null >/dev/null 2>&1"#, pgctl] + arguments)
        guard status == 0 else { throw Unavailable(description: "pg_ctl \(arguments.joined(separator: " ")) failed") }
    }

    /// Pauses the standby's replay (`pg_wal_replay_pause()`) and waits until it is paused: it still receives the
    /// primary's WAL, and shows nothing of it.
    public static func pauseReplay() async throws {
        try await onReplica { connection in
            try connection.execute("SELECT pg_wal_replay_pause()")
        }
        for _ in 0..<200 {
            let state = try await onReplica { try $0.first("SELECT pg_get_wal_replay_pause_state()")?.string(0) }
            if state == "paused" { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw Unavailable(description: "the standby's replay did not pause")
    }

    /// Lets the standby replay again.
    public static func resumeReplay() async throws {
        try await onReplica { try $0.execute("SELECT pg_wal_replay_resume()") }
    }

    /// Waits until the standby has replayed all the primary has flushed now.
    public static func waitForReplay() async throws {
        let primary = PostgresDatabase.connect(url: try clusterURL(), size: 1, timeouts: generousTimeouts)
        let target = try await primary.write { try $0.first("SELECT pg_current_wal_flush_lsn()")?.string(0) ?? "" }
        guard let wanted = CommitPosition(target) else { throw Unavailable(description: "no WAL position: \(target)") }
        for _ in 0..<1000 {
            let replayed = try? await onReplica { try $0.first("SELECT pg_last_wal_replay_lsn()")?[0] }
            if let text = replayed, let position = CommitPosition(text), position >= wanted { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw Unavailable(description: "the standby did not replay \(wanted) within 10 s")
    }

    /// Runs `body` in one transaction on the standby itself.
    @discardableResult
    public static func onReplica<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T)
        async throws -> T
    {
        guard let url = ProcessInfo.processInfo.environment["KITH_TEST_REPLICA_URL"], !url.isEmpty else {
            throw Unavailable(description: "KITH_TEST_REPLICA_URL is not set: run the tests through Tools/test")
        }
        return try await PostgresDatabase.connect(url: url, size: 1, timeouts: generousTimeouts).read(body)
    }
}

/// One test at a time for the standby, in the order they asked.
private let replicaTurns = Turns()

private actor Turns {
    private var taken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func take() async {
        guard taken else {
            taken = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func give() {
        guard !waiting.isEmpty else {
            taken = false
            return
        }
        waiting.removeFirst().resume()
    }
}
