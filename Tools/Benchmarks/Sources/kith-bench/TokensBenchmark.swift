import Foundation
import Networking

/// Issue 40's figures on SQLite, beside `/health` under the same wrk: tokens issued per second (the exchange of a
/// session for an app's JWT: a read of the session, the app and the keys, an ES256 signature), and access checks per
/// second (`POST /api/access/check` with the app's credentials: one check a call, and a batch of 100). Only answers
/// 200 count; the others are printed beside the figure.
enum TokensBenchmark {
    static func run(server: String, seconds: Int) async throws {
        let folder = NSTemporaryDirectory() + "kith-bench-tokens-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/server.sqlite"
        let running = try await BenchServer(binary: server, store: .sqlite(path: database))
        defer { running.stop() }
        let fixture = try await Fixture.make(running.base)
        let app = try registerApp(server: server, database: database)
        let client = CurlHTTPClient()
        let ownerId = try await BenchHTTP.call(client, .get, running.base + "/api/me", token: fixture.owner)[
            "accountId"]
        let viewerId = try await BenchHTTP.call(client, .get, running.base + "/api/me", token: fixture.viewer)[
            "accountId"]
        let family = try await circleId(client, running.base, owner: fixture.owner, named: "Family")
        guard let ownerId = ownerId as? String, let viewerId = viewerId as? String else {
            throw ProcessTimer.Failure(description: "the fixture's accounts have no ids")
        }
        let check = "{\"owner\":\"\(ownerId)\",\"viewer\":\"\(viewerId)\",\"circles\":[\"\(family)\"]}"
        let batch =
            "{\"checks\":["
            + Array(repeating: check, count: 100).joined(separator: ",") + "]}"
        let basic = "Basic " + Data("\(app.id):\(app.secret)".utf8).base64EncodedString()
        let credentials = ["wrk.headers[\"Authorization\"] = \"\(basic)\""]
        let port = [running.port]

        print("Tokens on SQLite, kith-server under wrk (16 connections, \(seconds) s each)")
        let health = try await Wrk.measure(ports: port, path: "/health", token: nil, seconds: seconds)
        let issued = try await Wrk.measure(
            ports: port, path: "/api/auth/token", token: fixture.viewer, body: "{\"audience\":\"\(app.id)\"}",
            seconds: seconds)
        let single = try await Wrk.measure(
            ports: port, path: "/api/access/check", token: nil, body: check, seconds: seconds, lua: credentials)
        let hundred = try await Wrk.measure(
            ports: port, path: "/api/access/check", token: nil, body: batch, seconds: seconds, lua: credentials)
        print("  \(pad("GET /health", 44)) \(String(format: "%9.0f", health.rate)) req/s  p99 \(health.p99)")
        for (label, result, perCall) in [
            ("POST /api/auth/token (tokens issued)", issued, 1), ("POST /api/access/check (1 check)", single, 1),
            ("POST /api/access/check (100 checks)", hundred, 100),
        ] {
            print(
                "  \(pad(label, 44)) \(String(format: "%9.0f", result.successRate)) /s     p99 \(pad(result.p99, 9))"
                    + String(format: "  %.2fx /health", result.successRate / health.rate)
                    + (perCall > 1 ? String(format: "  (%.0f checks/s)", result.successRate * Double(perCall)) : "")
                    + "  refused \(result.non2xx) of \(result.answers)")
        }
        print("goal: one access check a call at least 0.5x /health on SQLite")
    }

    /// `kith-server apps add` on the server's database: the app's id and its secret (shown once).
    private static func registerApp(server: String, database: String) throws -> (id: String, secret: String) {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: server)
        process.arguments = ["apps", "add", "bench", "--json", "--db", database]
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let answer = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let id = answer["appId"] as? String, let secret = answer["secret"] as? String
        else { throw ProcessTimer.Failure(description: "apps add: \(String(decoding: data, as: UTF8.self))") }
        return (id, secret)
    }

    /// The id of the owner's circle `name` (`GET /api/circles`: what an app stores beside its content).
    private static func circleId(_ client: CurlHTTPClient, _ base: String, owner: String, named name: String)
        async throws -> String
    {
        let request = HTTPRequest(
            url: URL(string: base + "/api/circles")!, headers: ["Authorization": "Bearer \(owner)"])
        let body = try await client.send(request).validated().body
        let circles = try JSONSerialization.jsonObject(with: body) as? [[String: Any]] ?? []
        guard let id = circles.first(where: { $0["name"] as? String == name })?["circleId"] as? String else {
            throw ProcessTimer.Failure(description: "the owner has no circle named \(name)")
        }
        return id
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
