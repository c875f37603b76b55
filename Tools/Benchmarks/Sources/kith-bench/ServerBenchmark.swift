import Foundation
import Networking
import PostgresStorageTesting

/// kith-server under wrk: `look`, a family join and sign-in (requests per second and p99) beside `/health`, on
/// SQLite, on PostgreSQL with one server and with two behind the same load generator; on PostgreSQL with one server,
/// pgbench running the look's own transaction (`LookTransaction`) and look's share of what `/health` and that
/// transaction allow together; sign-ins that succeeded per second and per core, beside Keycloak's published figure; `look`'s p99 while 50 other
/// users write to their circles; the server's resident memory as it looks at more and more distinct owners; and the
/// libcurl client's sequential requests per second with one reused connection versus a new one each time.
///
/// PostgreSQL is the cluster of `KITH_TEST_DATABASE_URL` (`Tools/bench` starts a throwaway one, as `Tools/test`
/// does), each setup on a schema of its own.
enum ServerBenchmark {
    static func run(server: String, seconds: Int) async throws {
        let folder = NSTemporaryDirectory() + "kith-bench-server-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let postgres = try? TestPostgres.clusterURL()

        // MARK: Throughput, one setup after another so they never share the two cores.
        print("kith-server under wrk (16 connections, \(seconds) s each; two servers: one wrk thread each)")
        print(
            postgres == nil
                ? "  PostgreSQL: skipped (KITH_TEST_DATABASE_URL is not set: run Tools/bench)"
                : "  PostgreSQL: KITH_TEST_DATABASE_URL (from Tools/bench: a throwaway local cluster, fsync off)")
        // Sign-ins come through a trusted proxy, as a deployment's do, so each can come from its own address.
        let trustedProxy = ["--trusted-proxy", "127.0.0.1/32"]
        let signInAccounts = 32
        var lookRatio: Double?
        var setups: [(name: String, onPostgres: Bool, servers: Int)] = [("SQLite, 1 server", false, 1)]
        if postgres != nil { setups += [("PostgreSQL, 1 server", true, 1), ("PostgreSQL, 2 servers", true, 2)] }
        var signIns: [(name: String, result: Wrk.Result)] = []
        for setup in setups {
            let store: BenchServer.Store =
                setup.onPostgres
                ? .postgres(url: try await TestPostgres.freshSchemaURL()) : .sqlite(path: folder + "/server.sqlite")
            var servers: [BenchServer] = []
            defer { servers.forEach { $0.stop() } }
            for _ in 0..<setup.servers {
                servers.append(try await BenchServer(binary: server, store: store, arguments: trustedProxy))
            }
            let fixture = try await Fixture.make(servers[0].base, signInAccounts: signInAccounts)
            let ports = servers.map(\.port)
            let health = try await Wrk.measure(ports: ports, path: "/health", token: nil, seconds: seconds)
            let lookPath = "/api/look?email=owner@bench.test"
            let look = try await Wrk.measure(ports: ports, path: lookPath, token: fixture.viewer, seconds: seconds)
            let results: [(String, Wrk.Result)] = [
                ("GET /health", health),
                ("GET /api/look", look),
                (
                    "POST /api/family/code/join (already a member)",
                    try await Wrk.measure(
                        ports: ports, path: "/api/family/code/join", token: fixture.viewer,
                        body: "{\"code\":\"\(fixture.code)\"}", seconds: seconds)
                ),
            ]
            print("  \(setup.name)")
            for (label, result) in results {
                print(
                    "    \(pad(label, 46)) \(String(format: "%9.0f", result.rate)) req/s  p99 \(pad(result.p99, 9))"
                        + String(format: "  %.2fx /health", result.rate / health.rate))
            }
            if case .postgres(let url) = store, setup.servers == 1 {
                // The database's part of a look alone: the transaction this server sends for one, run by pgbench.
                let captured = try await LookTransaction.capture(
                    server: server, url: url, token: fixture.viewer, target: "owner@bench.test")
                let tps = try LookTransaction.pgbench(captured, url: url, seconds: seconds)
                let bound = 1 / (1 / health.rate + 1 / tps)
                print(
                    "    \(pad("pgbench, the look's own transaction", 46)) \(String(format: "%9.0f", tps)) tx/s"
                        + "  (\(captured.statements.count) statements as the server sent them; -M prepared -c 16 -j 2)")
                print(
                    "    \(pad("look / (1/(1/health + 1/pgbench))", 46)) \(String(format: "%9.2f", look.rate / bound))"
                        + String(format: "       (the bound: %.0f req/s)", bound))
                lookRatio = look.rate / bound
            }
            let signIn = try await Wrk.signIns(
                ports: ports, accounts: fixture.signInAccounts, password: Fixture.password, seconds: seconds)
            print(
                "    \(pad("POST /api/auth/signin, successful", 46)) \(String(format: "%9.0f", signIn.successRate)) /s   "
                    + " p99 \(pad(signIn.p99, 9))"
                    + String(
                        format: "  refused (429) %d of %d (%.1f%%), other failures %d", signIn.refused,
                        signIn.answers, signIn.answers == 0 ? 0 : 100 * Double(signIn.refused) / Double(signIn.answers),
                        signIn.non2xx - signIn.refused))
            signIns.append((setup.name, signIn))
        }
        print("goal: look on PostgreSQL with one server at least 0.25x /health")
        if let lookRatio {
            print(
                String(
                    format: "goal: look / (1/(1/health + 1/pgbench)) at least 0.75 on PostgreSQL (now %.2f)", lookRatio)
            )
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print(
            "sign-in: \(signInAccounts) accounts, each request from an address of its own (X-Forwarded-For through"
                + " --trusted-proxy 127.0.0.1/32), Argon2id m=19456 KiB t=2 p=1; only answers 200 are counted")
        for (name, result) in signIns {
            print(
                "  \(pad(name, 22)) \(String(format: "%6.1f", result.successRate / Double(cores))) successful sign-ins/s"
                    + " per core (\(cores) cores, shared with wrk and the database)")
        }
        print(
            "  Keycloak: 15 password-based user logins/s per vCPU (its docs, \"Concepts for sizing CPU and memory"
                + " resources\"), with its default Argon2 hashing (Argon2id m=7168 KiB t=5 p=1)")

        // MARK: look while others write
        print()
        try await lookUnderWrites(server: server, seconds: seconds, folder: folder)

        // MARK: memory
        if postgres != nil {
            print()
            let url = try await TestPostgres.freshSchemaURL()
            let server = try await BenchServer(binary: server, store: .postgres(url: url))
            defer { server.stop() }
            try await OwnerMemory.run(server, databaseURL: url)
        }

        // MARK: the client
        print()
        let client = try await BenchServer(binary: server, store: .sqlite(path: folder + "/client.sqlite"))
        defer { client.stop() }
        let requests = 2000
        let reused = try await sequential(CurlHTTPClient(), client.base + "/health", count: requests)
        let fresh = try await sequential(
            CurlHTTPClient(configuration: .init(reuseConnection: false)), client.base + "/health", count: requests)
        print("libcurl client, \(requests) sequential GET /health")
        print(
            String(
                format: "  one reused connection   %8.0f req/s  (%d new connections)", reused.rate, reused.connections))
        print(
            String(
                format: "  a new connection each   %8.0f req/s  (%d new connections)  reuse is %.2fx",
                fresh.rate, fresh.connections, reused.rate / fresh.rate))
        print("goal: reuse at least 2x")
    }

    /// `look`'s p99 quiet and while others write, on each store (also alone: `--only writes`).
    static func lookUnderWrites(server: String, seconds: Int, folder given: String? = nil) async throws {
        let folder = given ?? NSTemporaryDirectory() + "kith-bench-writes-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { if given == nil { try? FileManager.default.removeItem(atPath: folder) } }
        let postgres = try? TestPostgres.clusterURL()
        print(
            "GET /api/look of an owner with \(LookUnderWrites.ownerContacts) contacts, quiet and while"
                + " \(LookUnderWrites.writers) other users write to their circles")
        var stores: [(String, BenchServer.Store)] = [("SQLite", .sqlite(path: folder + "/writes.sqlite"))]
        if postgres != nil { stores.append(("PostgreSQL", .postgres(url: try await TestPostgres.freshSchemaURL()))) }
        for (name, store) in stores {
            let server = try await BenchServer(binary: server, store: store)
            defer { server.stop() }
            let result = try await LookUnderWrites.run(server, seconds: seconds)
            print(
                "  \(pad(name, 10)) quiet \(String(format: "%7.0f", result.quiet.rate)) req/s"
                    + "  p99 \(pad(result.quiet.p99, 9))  while writing \(String(format: "%7.0f", result.loaded.rate)) req/s"
                    + "  p99 \(pad(result.loaded.p99, 9))"
                    + String(
                        format: "  (%.2fx quiet)  %.0f writes/s, %d refused", result.p99Ratio, result.writesPerSecond,
                        result.refusedWrites))
        }
        print("goal: p99 while writing within 1.5x of quiet, on both stores")
    }

    /// `text` left-aligned in `width` columns.
    private static func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0)
    }

    private static func sequential(_ client: CurlHTTPClient, _ url: String, count: Int) async throws
        -> (rate: Double, connections: Int)
    {
        let request = HTTPRequest(url: URL(string: url)!)
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<count { _ = try await client.send(request).validated() }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return (Double(count) / seconds, await client.statistics().newConnections)
    }
}
