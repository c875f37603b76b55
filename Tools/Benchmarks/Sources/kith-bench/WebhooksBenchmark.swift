import Foundation
import Networking
import PostgresStorageTesting
import Synchronization

/// Webhook delivery's latency (DOMAIN.md "Events": p99 under 2 s from commit at 200 changes/s): the release kith-server
/// on a fresh SQLite file (and on PostgreSQL when `KITH_TEST_DATABASE_URL` is set), one app registered with a webhook
/// to a receiver inside this process, and accounts renamed through the HTTP API at a steady 200 a second for 20 s.
/// Each rename commits an `account.updated` event; its latency is from the rename's response (the commit is before
/// it) to the event's arrival at the receiver. Each account is renamed by one caller in turn, so its k-th answered
/// rename is its k-th `account.updated` event. A rename refused, or an event that never arrived, is named and not
/// counted in the figures.
enum WebhooksBenchmark {
    static let rate = 200.0
    static let seconds = 20.0
    static let accounts = 20

    static func run(server: String) async throws {
        let folder = NSTemporaryDirectory() + "kith-bench-webhooks-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        print(
            "webhook delivery: accounts renamed at \(Int(rate))/s for \(Int(seconds)) s through kith-server's API, each"
                + " event's time from the rename's response to its arrival at the app's receiver")
        try await measure("SQLite", server: server, store: .sqlite(path: folder + "/webhooks.sqlite"))
        if (try? TestPostgres.clusterURL()) != nil {
            try await measure(
                "PostgreSQL", server: server, store: .postgres(url: try await TestPostgres.freshSchemaURL()))
        } else {
            print("  (PostgreSQL skipped: KITH_TEST_DATABASE_URL is not set; Tools/bench --only webhooks starts one)")
        }
    }

    static func measure(_ engine: String, server binary: String, store: BenchServer.Store) async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        let storeArguments =
            switch store {
            case .sqlite(let path): ["--db", path]
            case .postgres(let url): ["--database", url]
            }
        try register(
            binary,
            ["apps", "add", "Bench", "--webhook-url", "http://127.0.0.1:\(receiver.port)/hooks", "--json"]
                + storeArguments + ["--migrate"])
        let server = try await BenchServer(binary: binary, store: store)
        defer { server.stop() }
        let client = CurlHTTPClient()
        var callers: [(accountId: String, token: String)] = []
        for number in 0..<accounts {
            let answer = try await BenchHTTP.call(
                client, .post, server.base + "/api/auth/signup", token: nil,
                body: [
                    "email": "hooks-\(number)@bench.test", "firstName": "Bench", "lastName": "Mark",
                    "password": Fixture.password, "role": "player",
                ])
            guard let accountId = answer["accountId"] as? String, let token = answer["token"] as? String else {
                throw ProcessTimer.Failure(description: "signup: \(answer)")
            }
            callers.append((accountId, token))
        }

        // Each caller renames its account at its turn of the steady schedule, waiting for each answer.
        let base = server.base
        let start = ContinuousClock.now + .milliseconds(200)
        let perCaller = Int(rate * seconds) / accounts
        let answered = try await withThrowingTaskGroup(of: (String, [ContinuousClock.Instant], Int, Int).self) {
            group in
            for (index, caller) in callers.enumerated() {
                group.addTask {
                    let client = CurlHTTPClient()
                    var times: [ContinuousClock.Instant] = []
                    var (refused, late) = (0, 0)
                    for turn in 0..<perCaller {
                        let due = start + .seconds(Double(turn * accounts + index) / rate)
                        if ContinuousClock.now < due { try await Task.sleep(until: due) } else { late += 1 }
                        var headers: HTTPHeaders = ["Content-Type": "application/json"]
                        headers.add(name: "Authorization", value: "Bearer \(caller.token)")
                        let body = try JSONSerialization.data(withJSONObject: [
                            "firstName": "Bench", "lastName": turn.isMultiple(of: 2) ? "Alpha" : "Beta",
                        ])
                        let request = HTTPRequest(
                            method: .put, url: URL(string: base + "/api/me/name")!, headers: headers,
                            body: body)
                        if let response = try? await client.send(request), (200...299).contains(response.status) {
                            times.append(ContinuousClock.now)
                        } else {
                            refused += 1
                        }
                    }
                    return (caller.accountId, times, refused, late)
                }
            }
            var all: [String: [ContinuousClock.Instant]] = [:]
            var (refused, late) = (0, 0)
            for try await (accountId, times, refusedHere, lateHere) in group {
                all[accountId] = times
                refused += refusedHere
                late += lateHere
            }
            return (all, refused, late)
        }
        let (responses, refused, late) = answered
        let made = responses.values.map(\.count).reduce(0, +)
        let elapsed = ContinuousClock.now - start
        // Not timed: the events still on their way arrive (or not, within 15 s).
        let settle = ContinuousClock.now + .seconds(15)
        while receiver.updates(of: Set(responses.keys)).count < made, ContinuousClock.now < settle {
            try await Task.sleep(for: .milliseconds(50))
        }
        let arrivals = receiver.updates(of: Set(responses.keys))
        var latencies: [Double] = []
        var missing = 0
        for (accountId, times) in responses {
            let mine = arrivals.filter { $0.accountId == accountId }
            for (k, answeredAt) in times.enumerated() {
                guard k < mine.count else {
                    missing += 1
                    continue
                }
                let seconds = mine[k].at - answeredAt
                latencies.append(Double(seconds.components.seconds) + Double(seconds.components.attoseconds) / 1e18)
            }
        }
        latencies.sort()
        func percentile(_ p: Double) -> Double {
            latencies.isEmpty ? .nan : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))]
        }
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("  \(engine)  (load average \(EventsBenchmark.loadAverage()))")
        print(
            String(
                format: "    changes made %d in %.1f s (%.0f/s)   events delivered %d   duplicates %d", made, wall,
                Double(made) / wall, latencies.count, receiver.duplicates()))
        print(
            String(
                format: "    latency from commit: p50 %.0f ms   p99 %.0f ms   max %.0f ms   (goal: p99 under 2000 ms)",
                percentile(0.5) * 1000, percentile(0.99) * 1000, (latencies.last ?? .nan) * 1000))
        if refused > 0 || missing > 0 || late > 0 {
            print("    (\(refused) renames refused, \(missing) events never arrived, \(late) renames sent late)")
        }
    }

    static func register(_ binary: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ProcessTimer.Failure(description: "kith-server \(arguments.joined(separator: " ")): \(text)")
        }
    }
}

/// An app's webhook receiver on 127.0.0.1 (plain sockets, one thread per connection, HTTP/1.1 with keep-alive):
/// answers every POST 200 at once and records when each event arrived.
final class WebhookReceiver: Sendable {
    struct Arrival: Sendable {
        var webhookId: String
        var type: String
        var accountId: String?
        var at: ContinuousClock.Instant
    }

    let port: Int
    private let listener: Int32
    private let arrivals = Mutex<[Arrival]>([])

    init() throws {
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard let bound = try? BenchServer.bindToLoopback(listener), listen(listener, 64) == 0 else {
            close(listener)
            throw ProcessTimer.Failure(description: "the webhook receiver cannot listen")
        }
        port = bound
        let listener = listener
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                Thread.detachNewThread { self.serve(connection) }
            }
        }
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// The `account.updated` events about `accounts`, in order of arrival, each once.
    func updates(of accounts: Set<String>) -> [Arrival] {
        var seen: Set<String> = []
        return arrivals.withLock { $0 }.filter {
            $0.type == "account.updated" && $0.accountId.map(accounts.contains) == true
                && seen.insert($0.webhookId).inserted
        }
    }

    /// Events that arrived more than once.
    func duplicates() -> Int {
        let all = arrivals.withLock { $0 }
        return all.count - Set(all.map(\.webhookId)).count
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let separator = Array("\r\n\r\n".utf8)
        while true {
            // One request: the headers, then Content-Length bytes of body.
            var headerEnd: Int?
            while headerEnd == nil {
                headerEnd = buffer.firstRange(of: separator)?.upperBound
                if headerEnd != nil { break }
                let count = read(connection, &chunk, chunk.count)
                guard count > 0 else { return }
                buffer += chunk[0..<count]
            }
            guard let end = headerEnd else { return }
            let head = String(decoding: buffer[0..<end], as: UTF8.self).lowercased()
            let lengthLine = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            let length =
                lengthLine.flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
                ?? 0
            while buffer.count < end + length {
                let count = read(connection, &chunk, chunk.count)
                guard count > 0 else { return }
                buffer += chunk[0..<count]
            }
            let at = ContinuousClock.now
            let body = Data(buffer[end..<(end + length)])
            buffer.removeFirst(end + length)
            if let event = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
                let id = event["id"] as? String, let type = event["type"] as? String
            {
                let accountId = (event["subject"] as? [String: Any])?["accountId"] as? String
                arrivals.withLock { $0.append(Arrival(webhookId: id, type: type, accountId: accountId, at: at)) }
            }
            let answer = Array("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".utf8)
            guard write(connection, answer, answer.count) == answer.count else { return }
        }
    }
}
