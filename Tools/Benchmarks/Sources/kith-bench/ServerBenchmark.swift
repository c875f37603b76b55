import Foundation
import Networking

/// kith-server under wrk (requests per second and p99 for `look` and a family join, beside `/health`), and
/// the libcurl client's sequential requests per second with one reused connection versus a new one each time.
enum ServerBenchmark {
    static func run(server: String, seconds: Int) async throws {
        let folder = NSTemporaryDirectory() + "kith-bench-server-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let port = try freePort()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: server)
        process.arguments = ["--db", folder + "/server.sqlite", "--host", "127.0.0.1", "--port", "\(port)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let base = "http://127.0.0.1:\(port)"
        let client = CurlHTTPClient()
        try await waitForHealth(client, base)

        // Setup, not measured: an owner whose contact is the viewer, and the viewer already in the family.
        let owner = try await signUp(client, base, email: "owner@bench.test", role: "player")
        let viewer = try await signUp(client, base, email: "viewer@bench.test", role: "parent")
        _ = try await call(
            client, .post, base + "/api/contacts", token: owner,
            body: ["displayName": "Viewer", "accountEmail": "viewer@bench.test"])
        _ = try await call(
            client, .post, base + "/api/circles/Family/members", token: owner, body: ["contacts": ["Viewer"]])
        let code = try await call(client, .get, base + "/api/family/code", token: owner)["code"] as? String ?? ""
        _ = try await call(client, .post, base + "/api/family/code/join", token: viewer, body: ["code": code])

        let health = try wrk(base + "/health", token: nil, body: nil, seconds: seconds)
        let look = try wrk(base + "/api/look?email=owner@bench.test", token: viewer, body: nil, seconds: seconds)
        let join = try wrk(
            base + "/api/family/code/join", token: viewer, body: "{\"code\":\"\(code)\"}", seconds: seconds)
        print("kith-server under wrk (2 threads, 16 connections, \(seconds) s each)")
        for (label, result) in [
            ("GET /health (baseline)", health), ("GET /api/look (a viewer's look)", look),
            ("POST /api/family/code/join (already a member)", join),
        ] {
            print(
                String(
                    format: "  %-48@ %9.0f req/s  p99 %8@  %.2fx /health", label as NSString, result.rate,
                    result.p99 as NSString, result.rate / health.rate))
        }

        let requests = 2000
        let reused = try await sequential(CurlHTTPClient(), base + "/health", count: requests)
        let fresh = try await sequential(
            CurlHTTPClient(configuration: .init(reuseConnection: false)), base + "/health", count: requests)
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

    // MARK: - wrk

    struct WrkResult {
        var rate: Double
        var p99: String
    }

    private static func wrk(_ url: String, token: String?, body: String?, seconds: Int) throws -> WrkResult {
        var arguments = ["-t2", "-c16", "-d\(seconds)s", "--latency"]
        if let token { arguments += ["-H", "Authorization: Bearer \(token)"] }
        if let body {
            let script = NSTemporaryDirectory() + "kith-bench-post-\(getpid()).lua"
            let escaped = body.replacingOccurrences(of: "\"", with: "\\\"")
            try """
            wrk.method = "POST"
            wrk.body = "\(escaped)"
            wrk.headers["Content-Type"] = "application/json"
            """.write(toFile: script, atomically: true, encoding: .utf8)
            arguments += ["-s", script]
        }
        let output = try capture("/usr/bin/wrk", arguments + [url])
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let rateLine = lines.first(where: { $0.hasPrefix("Requests/sec:") }),
            let rate = Double(rateLine.split(separator: " ").last ?? ""),
            let p99Line = lines.first(where: { $0.hasPrefix("99%") })
        else { throw ProcessTimer.Failure(description: "cannot read wrk's output:\n\(output)") }
        return WrkResult(rate: rate, p99: String(p99Line.split(separator: " ").last ?? "?"))
    }

    private static func capture(_ program: String, _ arguments: [String]) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw ProcessTimer.Failure(description: "\(program) is not installed (Tools/bootstrap installs wrk)")
        }
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: - The client

    private static func sequential(_ client: CurlHTTPClient, _ url: String, count: Int) async throws
        -> (rate: Double, connections: Int)
    {
        let request = HTTPRequest(url: URL(string: url)!)
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<count { _ = try await client.send(request).validated() }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return (Double(count) / seconds, await client.statistics().newConnections)
    }

    // MARK: - Setup

    private static func signUp(_ client: CurlHTTPClient, _ base: String, email: String, role: String) async throws
        -> String
    {
        let answer = try await call(
            client, .post, base + "/api/auth/signup", token: nil,
            body: [
                "email": email, "firstName": "Bench", "lastName": "Mark", "password": "bench password", "role": role,
            ])
        guard let token = answer["token"] as? String else {
            throw ProcessTimer.Failure(description: "signup: \(answer)")
        }
        return token
    }

    @discardableResult
    private static func call(
        _ client: CurlHTTPClient, _ method: HTTPMethod, _ url: String, token: String?, body: [String: Any]? = nil
    ) async throws -> [String: Any] {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        if let token { headers.add(name: "Authorization", value: "Bearer \(token)") }
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let response = try await client.send(
            HTTPRequest(method: method, url: URL(string: url)!, headers: headers, body: data)
        ).validated()
        return (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:]
    }

    private static func waitForHealth(_ client: CurlHTTPClient, _ base: String) async throws {
        for _ in 0..<300 {
            if (try? await client.send(HTTPRequest(url: URL(string: base + "/health")!)))?.status == 200 { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw ProcessTimer.Failure(description: "kith-server did not answer /health")
    }

    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else { throw ProcessTimer.Failure(description: "cannot find a free port") }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
