import Foundation
import Networking
import PostgresStorageTesting

/// `look` on one kith-server reading from a hot standby (`--read-replica`) beside the same server on the primary
/// alone, on one database, in one run (`--only replicas`). On one machine the replica adds no hardware, so the ratio
/// is the cost of the routing (a question to the primary per batch of reads, the replica's position checked):
/// the goal is at least 0.9x. Each setup runs twice, interleaved, so a drift of the machine falls on both.
enum ReplicaBenchmark {
    static func run(server: String, seconds: Int) async throws {
        guard (try? TestPostgres.clusterURL()) != nil,
            let replica = ProcessInfo.processInfo.environment["KITH_TEST_REPLICA_URL"], !replica.isEmpty
        else {
            print("replicas: skipped (KITH_TEST_DATABASE_URL and KITH_TEST_REPLICA_URL are not set: run Tools/bench)")
            return
        }
        let url = try await TestPostgres.freshSchemaURL()
        let replicaURL = try TestPostgres.replicaURL(of: url)
        print("GET /api/look on one kith-server, PostgreSQL primary alone vs with one hot standby (16 connections,")
        print("  \(seconds) s each, twice each, interleaved)")
        let setups: [(name: String, arguments: [String])] = [
            ("primary only", []), ("with 1 replica", ["--read-replica", replicaURL]),
        ]
        var fixture: Fixture?
        var rates: [String: [Double]] = [:]
        for round in 0..<2 {
            for setup in setups {
                let bench = try await BenchServer(
                    binary: server, store: .postgres(url: url), arguments: setup.arguments)
                defer { bench.stop() }
                if fixture == nil { fixture = try await Fixture.make(bench.base) }
                guard let fixture else { continue }
                try await TestPostgres.waitForReplay()
                let result = try await Wrk.measure(
                    ports: [bench.port], path: "/api/look?email=owner@bench.test", token: fixture.viewer,
                    seconds: seconds)
                rates[setup.name, default: []].append(result.rate)
                let served = try await readsByTarget(bench.base)
                print(
                    "  round \(round + 1)  \(setup.name.padding(toLength: 15, withPad: " ", startingAt: 0))"
                        + String(format: " %8.0f req/s", result.rate) + "  p99 \(result.p99)"
                        + "  reads: primary \(served.primary), replica \(served.replica)")
            }
        }
        func mean(_ name: String) -> Double {
            (rates[name] ?? []).reduce(0, +) / Double(max(1, rates[name]?.count ?? 0))
        }
        let ratio = mean("with 1 replica") / mean("primary only")
        print(String(format: "  with 1 replica / primary only: %.2fx", ratio))
        print("goal: at least 0.9x")
    }

    /// The server's read counters by target, from `/metrics`.
    static func readsByTarget(_ base: String) async throws -> (primary: Int, replica: Int) {
        let response = try await CurlHTTPClient().send(HTTPRequest(url: URL(string: base + "/metrics")!))
        let lines = String(decoding: response.body, as: UTF8.self).split(separator: "\n")
        func value(_ series: String) -> Int {
            lines.first { $0.hasPrefix(series + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
                .map { Int($0) } ?? 0
        }
        return (
            value(#"kith_database_reads_total{target="primary"}"#),
            value(#"kith_database_reads_total{target="replica"}"#)
        )
    }
}
