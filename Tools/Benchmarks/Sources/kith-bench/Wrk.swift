import Foundation

/// wrk (2 threads, 16 connections, `--latency`) against one server, or several behind the same load generator:
/// wrk's threads take the servers' ports in turn, so the requests are spread evenly over them.
enum Wrk {
    struct Result {
        var rate: Double
        /// wrk's own text, such as `1.52ms`.
        var p99: String
    }

    static func run(
        ports: [Int], path: String, token: String?, body: String? = nil, seconds: Int
    ) throws -> Result {
        let threads = max(2, ports.count)
        var arguments = ["-t\(threads)", "-c16", "-d\(seconds)s", "--latency"]
        if let token { arguments += ["-H", "Authorization: Bearer \(token)"] }
        var script: [String] = []
        if let body {
            let escaped = body.replacingOccurrences(of: "\"", with: "\\\"")
            script += [
                "wrk.method = \"POST\"", "wrk.body = \"\(escaped)\"",
                "wrk.headers[\"Content-Type\"] = \"application/json\"",
            ]
        }
        if ports.count > 1 {
            script += [
                "local ports = {\(ports.map(String.init).joined(separator: ", "))}",
                "local started = 0",
                "function setup(thread)",
                "  thread.addr = wrk.lookup(\"127.0.0.1\", tostring(ports[started % #ports + 1]))[1]",
                "  started = started + 1",
                "end",
            ]
        }
        if !script.isEmpty {
            let file = NSTemporaryDirectory() + "kith-bench-wrk-\(getpid()).lua"
            try script.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
            arguments += ["-s", file]
        }
        let output = try capture("/usr/bin/wrk", arguments + ["http://127.0.0.1:\(ports[0])\(path)"])
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let rateLine = lines.first(where: { $0.hasPrefix("Requests/sec:") }),
            let rate = Double(rateLine.split(separator: " ").last ?? ""),
            let p99Line = lines.first(where: { $0.hasPrefix("99%") })
        else { throw ProcessTimer.Failure(description: "cannot read wrk's output:\n\(output)") }
        if let errors = lines.first(where: { $0.hasPrefix("Non-2xx or 3xx responses:") }), body == nil {
            // A GET that fails is measuring the wrong thing (a POST's refusal is the point of the join figure).
            throw ProcessTimer.Failure(description: "wrk \(path): \(errors)")
        }
        return Result(rate: rate, p99: String(p99Line.split(separator: " ").last ?? "?"))
    }

    /// wrk's p99 text in milliseconds (`850.00us`, `1.52ms`, `1.20s`).
    static func milliseconds(_ text: String) -> Double? {
        for (unit, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(unit) {
            return Double(text.dropLast(unit.count)).map { $0 * scale }
        }
        return nil
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
}

extension Wrk {
    /// `run` on a thread of its own: waiting for wrk must not hold one of the concurrency pool's few threads, which
    /// the benchmark's own writers need meanwhile.
    static func measure(
        ports: [Int], path: String, token: String?, body: String? = nil, seconds: Int
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Swift.Result(catching: {
                        try run(ports: ports, path: path, token: token, body: body, seconds: seconds)
                    }))
            }
        }
    }
}
