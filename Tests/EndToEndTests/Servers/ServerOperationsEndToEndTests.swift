import Foundation
import PostgresStorage
import PostgresStorageTesting
import StorageTesting
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `kith-server` as operators run it (CLI.md, Operations): `migrate` and `migrate --check` apart from
/// serving, `--no-migrate`, a database a newer build migrated, JSON logs with request ids, and SIGTERM with
/// `--shutdown-delay`.
@Suite("kith-server operations, end to end")
struct ServerOperationsEndToEndTests {
    let folder = makeTemporaryFolder("kith-operations-")

    /// Runs `kith-server ARGS` to its end (on a thread of its own, off the cooperative pool): exit status, standard
    /// output and standard error.
    static func run(_ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
        let result = try await KithProcess.run(program: KithServerProcess.binary, arguments)
        return (result.status, result.output, result.errors)
    }

    /// The identifiers recorded in the schema at `url` (none before any migration made the table).
    static func recorded(_ url: String) async throws -> [String] {
        let database = PostgresDatabase.connect(url: url, size: 1)
        return try await database.read { connection in
            guard try connection.first("SELECT to_regclass('kith_migrations') IS NOT NULL")?.bool(0) == true else {
                return []
            }
            return try connection.query("SELECT identifier FROM kith_migrations ORDER BY identifier").map {
                try $0.string(0)
            }
        }
    }

    @Test func migrateAndCheckApartFromServingAndTwoRunsApplyEachStepOnce() async throws {
        let url = try await TestPostgres.freshSchemaURL()
        let check = try await Self.run(["migrate", "--check", "--database", url])
        #expect(check.status == 1, "\(check)")
        #expect(check.output.contains("pending identity.1-"), "\(check.output)")
        #expect(check.output.contains("run `kith-server migrate` first"), "\(check.output)")
        // Serving with --no-migrate refuses, naming what is pending, and changes nothing.
        let refused = try await Self.run(["--no-migrate", "--database", url, "--port", "1"])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("pending migration"), "\(refused.errors)")
        #expect(refused.errors.contains("identity.1-"), "\(refused.errors)")
        #expect(try await Self.recorded(url).isEmpty)

        // Two `migrate` runs at once: every step applied by exactly one of them.
        async let first = Self.run(["migrate", "--database", url])
        async let second = Self.run(["migrate", "--database", url])
        let runs = try await [first, second]
        #expect(runs.allSatisfy { $0.status == 0 }, "\(runs)")
        let applied = runs.flatMap { $0.output.split(separator: "\n").filter { $0.hasPrefix("applied ") } }
        let recorded = try await Self.recorded(url)
        #expect(!recorded.isEmpty)
        #expect(applied.map { String($0.dropFirst("applied ".count)) }.sorted() == recorded)
        #expect(runs.contains { $0.output.contains("Nothing to apply") }, "\(runs.map(\.output))")

        let current = try await Self.run(["migrate", "--check", "--database", url])
        #expect(current.status == 0, "\(current)")
        #expect(current.output == "The database is up to date.\n")
        // Now --no-migrate serves.
        let server = try await KithServerProcess.start(in: folder, databaseURL: url, arguments: ["--no-migrate"])
        defer { server.stop() }
        let ready = try await RawHTTP.exchange(port: server.port, RawHTTP.request("GET", "/health/ready"))
        #expect(ready.status == 200 && ready.json?["migrations"] as? String == "current", "\(ready.raw)")
    }

    @Test func onSQLiteMigrateAndCheckWorkTheSame() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/kith.sqlite"
        #expect(try await Self.run(["migrate", "--check", "--db", file]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: file), "a check created the file")
        let migrated = try await Self.run(["migrate", "--db", file])
        #expect(migrated.status == 0 && migrated.output.contains("applied identity.1-"), "\(migrated)")
        #expect(try await Self.run(["migrate", "--check", "--db", file]).status == 0)
    }

    @Test func aDatabaseANewerBuildMigratedIsServedAndReadySaysSo() async throws {
        let url = try await TestPostgres.freshSchemaURL()
        #expect(try await Self.run(["migrate", "--database", url]).status == 0)
        let database = PostgresDatabase.connect(url: url, size: 1)
        try await database.write {
            try $0.execute("INSERT INTO kith_migrations (identifier) VALUES ('identity.99-from-the-future')")
        }
        let server = try await KithServerProcess.start(
            in: folder, databaseURL: url, arguments: ["--log-format", "json"])
        defer { server.stop() }
        let ready = try await RawHTTP.exchange(port: server.port, RawHTTP.request("GET", "/health/ready"))
        #expect(ready.status == 200, "\(ready.raw)")
        #expect(ready.json?["migrations"] as? String == "newer", "\(ready.raw)")
        let log = try String(contentsOfFile: server.log, encoding: .utf8)
        #expect(log.contains("identity.99-from-the-future"), "\(log)")
        #expect(log.contains("does not know"), "\(log)")
    }

    @Test func jsonLogLinesParseAndShareTheirRequestsId() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await KithServerProcess.start(in: folder, arguments: ["--log-format", "json"])
        defer { server.stop() }
        var request = RawHTTP.request(
            "POST", "/api/auth/signup",
            body: #"{"email":"dana@example.com","firstName":"Dana","lastName":"Lee","password":"correct horse"}"#)
        request = Self.withHeader("X-Request-Id: trace-me-42", request)
        let signUp = try await RawHTTP.exchange(port: server.port, request)
        #expect(signUp.status == 201)
        #expect(signUp.headers["x-request-id"] == "trace-me-42")
        let token = try #require(signUp.json?["token"] as? String)
        let join = try await RawHTTP.exchange(
            port: server.port,
            RawHTTP.request("POST", "/api/family/code/join", token: token, body: #"{"familyCode":"FAM-ABC123"}"#))
        let joinId = try #require(join.headers["x-request-id"])
        server.stop()

        let lines = try String(contentsOfFile: server.log, encoding: .utf8).split(separator: "\n")
        #expect(lines.count >= 3)
        let objects = try lines.map { line in
            try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
        }
        #expect(objects.allSatisfy { $0["time"] is String && $0["level"] is String && $0["message"] is String })
        let signUpLine = try #require(objects.first { $0["requestId"] as? String == "trace-me-42" })
        #expect(signUpLine["route"] as? String == "/api/auth/signup" && signUpLine["status"] as? String == "201")
        #expect(
            objects.contains {
                $0["requestId"] as? String == joinId && $0["route"] as? String == "/api/family/code/join"
            })
        // No token, password, code or email reaches the log.
        let text = lines.joined(separator: "\n")
        for secret in [token, "correct horse", "dana@example.com", "FAM-ABC123"] {
            #expect(!text.contains(secret), "the log holds \(secret)")
        }
    }

    @Test func onSIGTERMReadinessFailsAtOnceAndTheDelayKeepsServing() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A delay long enough for the requests below on a machine busy with other suites (a full run starves this
        // test's tasks for seconds at a time).
        let server = try await KithServerProcess.start(in: folder, arguments: ["--shutdown-delay", "20"])
        defer { server.stop() }
        #expect(try await RawHTTP.exchange(port: server.port, RawHTTP.request("GET", "/health/ready")).status == 200)
        let signalled = ContinuousClock.now
        #expect(kill(server.process.processIdentifier, SIGTERM) == 0)
        // Ready until the signal is handled, then not ready.
        var ready = try await RawHTTP.exchange(port: server.port, RawHTTP.request("GET", "/health/ready"))
        try await eventually(timeout: .seconds(10), "/health/ready 503 after SIGTERM") {
            if ready.status == 200 {
                ready = try await RawHTTP.exchange(port: server.port, RawHTTP.request("GET", "/health/ready"))
            }
            return ready.status != 200
        }
        #expect(ready.status == 503 && ready.json?["status"] as? String == "stopping", "\(ready.raw)")
        #expect(try await RawHTTP.exchange(port: server.port, RawHTTP.request("GET", "/health/live")).status == 200)
        // Still serving during the delay: a sign-up is answered in full.
        let signUp = try await RawHTTP.exchange(
            port: server.port,
            RawHTTP.request(
                "POST", "/api/auth/signup",
                body: #"{"email":"sam@example.com","firstName":"Sam","lastName":"Lee","password":"correct horse"}"#))
        #expect(signUp.status == 201 && signUp.isComplete)
        #expect(server.process.isRunning)
        // Then it stops accepting, finishes and exits 0: never before the delay, counted from the signal (a busy
        // machine may make it later, never earlier).
        try await eventually(timeout: .seconds(60) - (ContinuousClock.now - signalled), "kith-server exited") {
            !server.process.isRunning
        }
        #expect(ContinuousClock.now - signalled >= .seconds(20), "stopped before the delay was over")
        #expect(server.process.terminationStatus == 0)
    }

    /// `request` with `header` added after its request line.
    static func withHeader(_ header: String, _ request: Data) -> Data {
        var text = String(decoding: request, as: UTF8.self)
        let end = text.range(of: "\r\n")!
        text.insert(contentsOf: "\r\n" + header, at: end.lowerBound)
        return Data(text.utf8)
    }
}
