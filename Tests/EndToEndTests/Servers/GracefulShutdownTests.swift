import Foundation
import NetworkingTesting
import StorageTesting
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// CLI.md: on SIGTERM kith-server stops accepting, lets the requests under way finish, closes the store and exits 0.
@Suite("kith-server stops gracefully on SIGTERM")
struct GracefulShutdownTests {
    let folder = makeTemporaryFolder("kith-shutdown-")

    @Test func requestsUnderWayFinishAndTheServerExitsZero() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }
        let token = try await signUp(server)

        // Requests under way when SIGTERM arrives: their head and half their body are sent, the rest after it.
        let slow = try (1...3).map { index in
            let request = RawHTTP.request(
                "POST", "/api/contacts", token: token, body: #"{"displayName":"Slow \#(index)"}"#)
            let connection = try RawHTTP.Connection(port: server.port)
            try connection.send(Data(request.prefix(request.count - 10)))
            return (connection, Data(request.suffix(10)), "Slow \(index)")
        }
        // And a burst of whole requests racing the signal: each is answered in full, or not at all.
        let burst = (1...12).map { index in
            Task.detached { () -> (String, RawHTTP.Response?) in
                let name = "Burst \(index)"
                let request = RawHTTP.request(
                    "POST", "/api/contacts", token: token, body: #"{"displayName":"\#(name)"}"#)
                return (name, try? await RawHTTP.exchange(port: server.port, request))
            }
        }
        // Time for the server to take the slow requests' heads. A whole request on a connection opened after them is
        // answered only once the server has accepted theirs (the listen queue is first in, first out), so a machine
        // busy with other tests waits as long as it needs; then until the server has read what was sent on each.
        let probe = try await RawHTTP.exchange(port: server.port, RawHTTP.request("GET", "/health"))
        #expect(probe.status == 200)
        try await eventually(timeout: .seconds(15), "the slow requests' heads read by the server") {
            try slow.allSatisfy { try RawHTTP.unread(on: $0.0, server: server.port) == 0 }
        }
        #expect(kill(server.process.processIdentifier, SIGTERM) == 0)

        // No longer accepting, once the signal is handled: a new connection is refused (or closed unanswered).
        var late: RawHTTP.Response?
        try await eventually(timeout: .seconds(10), "a new connection refused after SIGTERM") {
            late = try? await RawHTTP.exchange(port: server.port, RawHTTP.request("GET", "/health"))
            return late == nil
        }
        #expect(server.process.isRunning, "the server must wait for the requests under way")
        #expect(late == nil, "a connection after SIGTERM was answered: \(String(describing: late?.status))")

        var acknowledged: [String] = []
        for (connection, rest, name) in slow {
            try connection.send(rest)
            let response = try RawHTTP.Response(await connection.readToEnd())
            #expect(response.status == 201 && response.isComplete, "\(name): \(response.raw)")
            #expect(response.json?["displayName"] as? String == name)
            acknowledged.append(name)
        }
        for task in burst {
            let (name, response) = await task.value
            guard let response else { continue }
            #expect(response.status == 201 && response.isComplete, "\(name): \(response.raw)")
            if response.status == 201 { acknowledged.append(name) }
        }

        // Every request under way is answered, so the server has nothing left to wait for. Measured from here,
        // not from the signal: on a machine busy with other tests, this test's own reading may take seconds.
        let exited = try await waitForExit(server.process, within: .seconds(10))
        #expect(exited, "kith-server was still running 10 s after its last request was answered")
        #expect(server.process.terminationReason == .exit && server.process.terminationStatus == 0)
        // The store was closed: SQLite checkpointed the WAL into the file and removed it.
        #expect(!FileManager.default.fileExists(atPath: server.database + "-wal"))

        try await expectInTheFile(Set(acknowledged), server: server)
    }

    @Test func sixteenConnectionsUnderLoadLoseNoAcknowledgedWrite() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }
        let token = try await signUp(server)

        // 16 clients, each writing one contact after another (a connection each) until the server stops answering.
        let port = server.port
        let answeredSoFar = AnsweredCount()
        let clients = (0..<16).map { client in
            Task.detached { () -> [(String, RawHTTP.Response)] in
                await withCheckedContinuation { continuation in
                    Thread.detachNewThread {
                        var answered: [(String, RawHTTP.Response)] = []
                        let started = ContinuousClock.now
                        var index = 0
                        while ContinuousClock.now - started < .seconds(30) {
                            index += 1
                            let name = "Load \(client)-\(index)"
                            let request = RawHTTP.request(
                                "POST", "/api/contacts", token: token, body: #"{"displayName":"\#(name)"}"#)
                            do {
                                answered.append((name, try RawHTTP.exchange(port: port, request)))
                                answeredSoFar.add()
                            } catch {
                                // Before the signal a failure is the machine's (another test's load): try again.
                                // After it, the server has stopped accepting: this client is done.
                                if answeredSoFar.signalled { break }
                                answeredSoFar.failed("\(error)")
                                // kept: a pace between a client's tries (a thread of its own, not a wait for
                                // anything), so that a refusing machine is not asked thousands of times a second.
                                Thread.sleep(forTimeInterval: 0.01)
                            }
                        }
                        continuation.resume(returning: answered)
                    }
                }
            }
        }
        // The signal comes once the load is real (64 writes answered), however busy the machine is.
        // (Not a failure here when it is not: "the load was too light" below says so.)
        _ = try await poll(timeout: .seconds(25)) { answeredSoFar.value >= 64 }
        answeredSoFar.signal()
        #expect(kill(server.process.processIdentifier, SIGTERM) == 0)

        var acknowledged: Set<String> = []
        for client in clients {
            for (name, response) in await client.value {
                #expect(response.status == 201 && response.isComplete, "\(name): \(response.raw)")
                if response.status == 201 { acknowledged.insert(name) }
            }
        }
        #expect(
            acknowledged.count >= 64,
            "the load was too light to test anything: \(acknowledged.count) writes; failures: \(answeredSoFar.failures)"
        )
        // Every client has had its last answer or refusal: the server has nothing left to wait for.
        let exited = try await waitForExit(server.process, within: .seconds(10))
        #expect(exited, "kith-server was still running 10 s after its last request was answered")
        #expect(server.process.terminationReason == .exit && server.process.terminationStatus == 0)
        try await expectInTheFile(acknowledged, server: server)
    }

    private func signUp(_ server: KithServerProcess) async throws -> String {
        let signUp = try await RawHTTP.exchange(
            port: server.port,
            RawHTTP.request(
                "POST", "/api/auth/signup",
                body: #"{"email":"dana@example.com","firstName":"Dana","lastName":"Lee","password":"correct horse"}"#))
        #expect(signUp.status == 201)
        return try #require(signUp.json?["token"] as? String)
    }

    /// Every contact in `names` is in the server's file, as `kith` reads it once the server is gone.
    private func expectInTheFile(_ names: Set<String>, server: KithServerProcess) async throws {
        let environment = ["KITH_PASSWORD": "correct horse"]
        let login = try await KithProcess.run(
            ["--db", server.database, "login", "dana@example.com"], environment: environment)
        #expect(login.status == 0, "\(login.errors)")
        let contacts = try await KithProcess.run(["--db", server.database, "contacts", "--json"])
        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(contacts.output.utf8)) as? [[String: Any]])
        let stored = Set(listed.compactMap { $0["displayName"] as? String })
        #expect(names.isSubset(of: stored), "missing: \(names.subtracting(stored).sorted())")
    }

    private func waitForExit(_ process: ChildProcess, within limit: Duration) async throws -> Bool {
        guard try await poll(timeout: limit, every: .milliseconds(50), { !process.isRunning }) else { return false }
        process.waitUntilExit()
        return true
    }
}

/// HTTP/1.1 over a plain socket, so a test controls when each byte is sent and sees exactly what came back.
enum RawHTTP {
    static func request(_ method: String, _ path: String, token: String? = nil, body: String = "") -> Data {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        if !body.isEmpty { head += "Content-Type: application/json\r\n" }
        head += "Content-Length: \(body.utf8.count)\r\n\r\n"
        return Data((head + body).utf8)
    }

    /// Sends `request` on a new connection and reads the answer; throws when nothing was answered.
    static func exchange(port: Int, _ request: Data) throws -> Response {
        let connection = try Connection(port: port)
        try connection.send(request)
        return try Response(connection.readToEnd())
    }

    /// `exchange` from a task: it waits on a thread of its own, never on the concurrency pool, whose few threads
    /// every other test shares (an answer may take seconds).
    static func exchange(port: Int, _ request: Data) async throws -> Response {
        try await offPool { try exchange(port: port, request) as Response }
    }

    /// `body`, which blocks, run on a thread of its own.
    static func offPool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }

    struct Failure: Error {
        let message: String
    }

    /// How many bytes sent on `connection` the server on `port` has not read yet, as the kernel counts them
    /// (/proc/net/tcp's rx_queue of the server's end); nil when that end is not listed.
    static func unread(on connection: Connection, server port: Int) throws -> Int? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(connection.descriptor, $0, &length) }
        }
        guard named == 0 else { throw Failure(message: "getsockname() failed") }
        func hex(_ port: Int) -> String {
            let digits = String(port, radix: 16, uppercase: true)
            return ":" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
        let local = hex(Int(UInt16(bigEndian: address.sin_port)))
        let server = hex(port)
        // Read to its end: String(contentsOfFile:) stops at the first 4 KB of a /proc file (some 27 connections).
        guard let table = FileHandle(forReadingAtPath: "/proc/net/tcp") else { throw Failure(message: "no /proc") }
        defer { try? table.close() }
        let text = String(decoding: table.readDataToEndOfFile(), as: UTF8.self)
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count > 4, fields[1].hasSuffix(server), fields[2].hasSuffix(local) else { continue }
            return fields[4].split(separator: ":").last.flatMap { Int($0, radix: 16) }
        }
        return nil
    }

    final class Connection: @unchecked Sendable {
        let descriptor: Int32

        init(port: Int) throws {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { throw Failure(message: "socket() failed") }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var timeout = timeval(tv_sec: 15, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            // Not closed here: a class whose properties are all set runs `deinit` when its initializer throws, and
            // a second close would close whatever the number was given to meanwhile (another test's pipe: its
            // reader then crashed the test process on EAGAIN from someone else's non-blocking socket).
            guard connected == 0 else { throw Failure(message: "connection refused") }
        }

        deinit { close(descriptor) }

        func send(_ data: Data) throws {
            #if canImport(Glibc)
                let sent = data.withUnsafeBytes {
                    Glibc.send(descriptor, $0.baseAddress, data.count, Int32(MSG_NOSIGNAL))
                }
            #else
                let sent = data.withUnsafeBytes { Darwin.send(descriptor, $0.baseAddress, data.count, 0) }
            #endif
            guard sent == data.count else { throw Failure(message: "send failed") }
        }

        /// `readToEnd()` from a task, on a thread of its own.
        func readToEnd() async throws -> Data {
            try await RawHTTP.offPool { try self.readToEnd() as Data }
        }

        /// Everything until the server closes the connection.
        func readToEnd() throws -> Data {
            var received = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(descriptor, &buffer, buffer.count, 0)
                if count > 0 {
                    received.append(contentsOf: buffer[0..<count])
                } else if count == 0 {
                    return received
                } else {
                    throw Failure(message: "recv failed after \(received.count) bytes")
                }
            }
        }
    }

    struct Response {
        let raw: String
        let status: Int
        let headers: [String: String]
        let body: Data

        /// Parses a whole response; throws when nothing came back.
        init(_ data: Data) throws {
            raw = String(decoding: data, as: UTF8.self)
            guard let split = raw.range(of: "\r\n\r\n") else { throw Failure(message: "no answer: \(raw)") }
            let lines = raw[..<split.lowerBound].components(separatedBy: "\r\n")
            let statusLine = lines[0].split(separator: " ")
            guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(message: raw) }
            self.status = status
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                    .trimmingCharacters(in: .whitespaces)
            }
            self.headers = headers
            body = Data(raw[split.upperBound...].utf8)
        }

        /// The body is as long as the response said it would be.
        var isComplete: Bool { headers["content-length"].flatMap(Int.init) == body.count }

        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
    }
}

/// How many writes the load clients have had answered so far, and whether SIGTERM was sent, shared by their threads.
private final class AnsweredCount: Sendable {
    private let count = Atomic<Int>(0)
    private let sent = Atomic<Bool>(false)
    private let failureMessages = Mutex<[String]>([])

    func add() { count.add(1, ordering: .relaxed) }

    var value: Int { count.load(ordering: .relaxed) }

    func signal() { sent.store(true, ordering: .sequentiallyConsistent) }

    var signalled: Bool { sent.load(ordering: .sequentiallyConsistent) }

    /// A failure before the signal, kept (the first few) to explain a light load.
    func failed(_ message: String) { failureMessages.withLock { if $0.count < 5 { $0.append(message) } } }

    var failures: [String] { failureMessages.withLock { $0 } }
}
