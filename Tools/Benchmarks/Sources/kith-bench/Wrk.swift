import Foundation

/// wrk (2 threads, 16 connections, `--latency`) against one server, or several behind the same load generator:
/// wrk's threads take the servers' ports in turn, so the requests are spread evenly over them.
enum Wrk {
    struct Result {
        /// Answers per second, whatever their status.
        var rate: Double
        /// wrk's own text, such as `1.52ms`.
        var p99: String
        /// Answers in all, and those that were not 2xx or 3xx.
        var answers = 0
        var non2xx = 0
        /// Answers 429 (refused by a rate limit), when the script counted them (`signIns`).
        var refused = 0

        /// The share of answers that were not 2xx or 3xx.
        var failedShare: Double { answers == 0 ? 0 : Double(non2xx) / Double(answers) }
        /// Answers 2xx or 3xx per second.
        var successRate: Double { answers == 0 ? 0 : rate * Double(answers - non2xx) / Double(answers) }
    }

    static func run(
        ports: [Int], path: String, token: String?, body: String? = nil, seconds: Int, lua: [String] = []
    ) throws -> Result {
        let threads = max(2, ports.count)
        var arguments = ["-t\(threads)", "-c16", "-d\(seconds)s", "--latency"]
        if let token { arguments += ["-H", "Authorization: Bearer \(token)"] }
        var script: [String] = lua
        if let body {
            let escaped = body.replacingOccurrences(of: "\"", with: "\\\"")
            script += [
                "wrk.method = \"POST\"", "wrk.body = \"\(escaped)\"",
                "wrk.headers[\"Content-Type\"] = \"application/json\"",
            ]
        }
        if ports.count > 1 || !lua.isEmpty {
            // Each thread is numbered (`number`, for a script's requests) and kept (`threads`, for its `done`).
            script += [
                "local ports = {\(ports.map(String.init).joined(separator: ", "))}",
                "local started = 0",
                "threads = {}",
                "function setup(thread)",
                "  if #ports > 1 then",
                "    thread.addr = wrk.lookup(\"127.0.0.1\", tostring(ports[started % #ports + 1]))[1]",
                "  end",
                "  thread:set(\"number\", started)",
                "  started = started + 1",
                "  table.insert(threads, thread)",
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
        if let errors = lines.first(where: { $0.hasPrefix("Non-2xx or 3xx responses:") }), body == nil, lua.isEmpty {
            // A GET that fails is measuring the wrong thing (a POST's refusal is the point of the join figure).
            throw ProcessTimer.Failure(description: "wrk \(path): \(errors)")
        }
        func number(after prefix: String, at index: Int = 0) -> Int {
            lines.first { $0.hasPrefix(prefix) }.flatMap {
                Int($0.dropFirst(prefix.count).split(separator: " ").dropFirst(index).first ?? "")
            } ?? 0
        }
        var result = Result(rate: rate, p99: String(p99Line.split(separator: " ").last ?? "?"))
        // "12345 requests in 5.00s, 1.2MB read"
        result.answers = lines.first { $0.contains(" requests in ") }.flatMap { Int($0.split(separator: " ")[0]) } ?? 0
        result.non2xx = number(after: "Non-2xx or 3xx responses:")
        result.refused = number(after: "kith-refused:")
        return result
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
        ports: [Int], path: String, token: String?, body: String? = nil, seconds: Int, lua: [String] = []
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Swift.Result(catching: {
                        try run(ports: ports, path: path, token: token, body: body, seconds: seconds, lua: lua)
                    }))
            }
        }
    }
}

extension Wrk {
    /// Password sign-ins as many users from many places make them: each request signs in to the next of `accounts`
    /// (each thread takes its own of them in turn, so no account has two attempts in flight) from an address of its
    /// own, which the server believes from `X-Forwarded-For` as a proxy's (`--trusted-proxy 127.0.0.1/32`). The
    /// guessing limits then have nothing to stop; any answer 429 is counted (`Result.refused`) and printed, never
    /// taken for throughput.
    static func signIns(ports: [Int], accounts: [String], password: String, seconds: Int) async throws -> Result {
        let emails = accounts.map { "\"\($0)\"" }.joined(separator: ", ")
        let lua = [
            "wrk.method = \"POST\"",
            "local emails = {\(emails)}",
            "local password = \"\(password)\"",
            "counter = 0",
            "refused = 0",
            "function request()",
            "  counter = counter + 1",
            "  local email = emails[(counter * \(max(2, ports.count)) + number) % #emails + 1]",
            "  local address = \"10.\" .. number .. \".\" .. (math.floor(counter / 256) % 256) .. \".\" .. (counter % 256)",
            "  local headers = {[\"Content-Type\"] = \"application/json\", [\"X-Forwarded-For\"] = address}",
            "  local body = \"{\\\"email\\\":\\\"\" .. email .. \"\\\",\\\"password\\\":\\\"\" .. password .. \"\\\"}\"",
            "  return wrk.format(\"POST\", \"/api/auth/signin\", headers, body)",
            "end",
            "function response(status, headers, body)",
            "  if status == 429 then refused = refused + 1 end",
            "end",
            "function done(summary, latency, requests)",
            "  local total = 0",
            "  for _, thread in ipairs(threads) do total = total + thread:get(\"refused\") end",
            "  io.write(\"kith-refused: \" .. total .. \"\\n\")",
            "end",
        ]
        return try await measure(ports: ports, path: "/api/auth/signin", token: nil, seconds: seconds, lua: lua)
    }
}
