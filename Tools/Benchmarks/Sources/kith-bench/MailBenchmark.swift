import Foundation
import Networking

/// kith-server's sign-up throughput with mail off and with mail on (`--smtp-url` to a real aiosmtpd server,
/// Tools/smtp-test-server.py), taken in alternate rounds on a fresh SQLite file each, so a change in the machine's
/// load weighs on both alike. Each round is a fixed number of sign-ups with unique emails from a few concurrent
/// clients (not wrk on one URL: a sign-up can only succeed once per email, and an exact count lets the benchmark
/// check that every one of them was mailed). Sign-up's own cost is Argon2, so the figures are small; mail on must
/// stay close to mail off, as the message is only written to the outbox in the sign-up's transaction and sent by a
/// background task after the commit.
enum MailBenchmark {
    static func run(server: String, signUps: Int = 200, clients: Int = 4, rounds: Int = 3) async throws {
        let folder = NSTemporaryDirectory() + "kith-bench-mail-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let smtp = try await SMTPProcess.start(folder: folder + "/smtp")
        defer { smtp.stop() }

        var rates: [Bool: [Double]] = [false: [], true: []]
        var expected: Set<String> = []
        var slowestDrain = 0.0
        for round in 1...rounds {
            for mail in [false, true] {
                let name = "\(mail ? "on" : "off")-\(round)"
                let arguments =
                    mail ? ["--smtp-url", "smtp://127.0.0.1:\(smtp.port)", "--mail-from", "bench@kith.test"] : []
                let instance = try await BenchServer(
                    binary: server, store: .sqlite(path: folder + "/\(name).sqlite"), arguments: arguments)
                defer { instance.stop() }
                let outcome = try await signUpRound(instance.base, prefix: name, count: signUps, clients: clients)
                rates[mail]!.append(outcome.rate)
                if mail {
                    // Not timed: wait until every message of the round (warm-up included) has arrived before the
                    // server stops, so the count below is of delivered mail, not of what was still queued.
                    expected.formUnion(outcome.emails)
                    slowestDrain = max(slowestDrain, try await smtp.waitFor(expected.count, after: outcome.end))
                }
            }
        }
        // Exactly one message to each email signed up with mail on: none missing, none sent twice.
        let messages = smtp.messageCount()
        let recipients = try smtp.recipients()
        guard messages == expected.count, recipients.count == expected.count, Set(recipients) == expected else {
            throw ProcessTimer.Failure(
                description:
                    "the SMTP server received \(messages) messages to \(Set(recipients).intersection(expected).count)"
                    + " of the \(expected.count) emails signed up with mail on; each should have had exactly one")
        }

        let off = median(rates[false]!)
        let on = median(rates[true]!)
        print(
            "kith-server sign-up throughput, mail off and on (SQLite, \(signUps) sign-ups, \(clients) clients,"
                + " \(rounds) rounds alternated; the median round)")
        print("  mail off \(String(format: "%8.1f", off)) sign-ups/s   (rounds: \(list(rates[false]!)))")
        print(
            "  mail on  \(String(format: "%8.1f", on)) sign-ups/s   \(String(format: "%.2fx", on / off))"
                + "   (rounds: \(list(rates[true]!)))")
        print(
            "  mail received: \(messages) of \(expected.count) messages, one to each sign-up with mail on;"
                + " the last \(String(format: "%.2f", slowestDrain)) s after its round's last sign-up at most")
        print("goal: mail on at least 0.9x mail off")
    }

    /// One round's outcome: sign-ups per second, when the last answer came, every email signed up.
    private struct Round {
        var rate: Double
        var end: UInt64
        var emails: [String]
    }

    /// `clients` sign-ups to warm up (one per client, untimed: it opens the connections), then `count` timed ones,
    /// `clients` at a time, each client taking the next email as soon as its previous sign-up is answered.
    private static func signUpRound(_ base: String, prefix: String, count: Int, clients: Int) async throws -> Round {
        let connections = (0..<clients).map { _ in CurlHTTPClient() }
        let warmUp = (0..<clients).map { "warm-\(prefix)-\($0)@bench.test" }
        let timed = (0..<count).map { "\(prefix)-\($0)@bench.test" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (client, email) in zip(connections, warmUp) {
                group.addTask { _ = try await BenchHTTP.signUp(client, base, email: email, role: "player") }
            }
            try await group.waitForAll()
        }
        let queue = EmailQueue(timed)
        let start = DispatchTime.now().uptimeNanoseconds
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in connections {
                group.addTask {
                    while let email = await queue.next() {
                        _ = try await BenchHTTP.signUp(client, base, email: email, role: "player")
                    }
                }
            }
            try await group.waitForAll()
        }
        let end = DispatchTime.now().uptimeNanoseconds
        return Round(rate: Double(count) / (Double(end - start) / 1e9), end: end, emails: warmUp + timed)
    }

    /// The emails still to sign up, handed out one at a time to whichever client asks first.
    private actor EmailQueue {
        private var remaining: ArraySlice<String>
        init(_ emails: [String]) { remaining = emails[...] }
        func next() -> String? { remaining.popFirst() }
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    private static func list(_ values: [Double]) -> String {
        values.map { String(format: "%.1f", $0) }.joined(separator: " ")
    }
}

/// Tools/smtp-test-server.py in accept mode, in its own process for the whole benchmark (the Benchmarks package
/// does not depend on NetworkingTesting, whose `SMTPTestServer` does the same for tests). It stops with `stop()` or,
/// should kith-bench die first, when its stdin pipe closes.
private final class SMTPProcess {
    let port: Int
    let folder: String
    private let process: Process
    private let input: Pipe

    private init(port: Int, folder: String, process: Process, input: Pipe) {
        self.port = port
        self.folder = folder
        self.process = process
        self.input = input
    }

    static func start(folder: String) async throws -> SMTPProcess {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let portFile = folder + "/../smtp-port"
        // .../Tools/Benchmarks/Sources/kith-bench/MailBenchmark.swift
        var tools = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { tools.deleteLastPathComponent() }
        let script = tools.appendingPathComponent("smtp-test-server.py").path
        let process = Process()
        // Debian's python3-aiosmtpd is installed for the system interpreter, not for a pyenv one first on PATH.
        let system = "/usr/bin/python3"
        process.executableURL = URL(
            fileURLWithPath: FileManager.default.isExecutableFile(atPath: system) ? system : "/usr/bin/env")
        process.arguments =
            (process.executableURL?.path == system ? [] : ["python3"])
            + [script, "--mode", "accept", "--folder", folder, "--port", "0", "--port-file", portFile, "--stop-on-eof"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<500 {
            if let text = try? String(contentsOfFile: portFile, encoding: .utf8),
                let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return SMTPProcess(port: port, folder: folder, process: process, input: input)
            }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        throw ProcessTimer.Failure(
            description:
                "the SMTP test server (\(script)) did not start: is python3-aiosmtpd installed (Tools/bootstrap)?")
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// The messages taken so far: one JSON file each (a hidden temporary name until it is whole).
    private func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
    }

    /// How many messages the server has taken.
    func messageCount() -> Int { files().count }

    /// Waits until `count` messages have arrived (60 s at most); the seconds from `after` (an uptime in
    /// nanoseconds) until they had.
    func waitFor(_ count: Int, after: UInt64) async throws -> Double {
        for _ in 0..<3000 {
            if files().count >= count { return Double(DispatchTime.now().uptimeNanoseconds - after) / 1e9 }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw ProcessTimer.Failure(
            description: "the SMTP server received \(files().count) of \(count) messages within 60 s of the sign-ups")
    }

    /// Each message's recipients, one message after another.
    func recipients() throws -> [String] {
        try files().flatMap { name in
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            return object?["rcpt_tos"] as? [String] ?? []
        }
    }
}
