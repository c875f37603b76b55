import Foundation
import Networking
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A request as the loopback server read it.
struct ReceivedRequest: Sendable {
    var method: String
    var target: String
    var headers: HTTPHeaders
    var body: Data
    /// 1 for the first accepted connection, 2 for the second, ...
    var connection: Int
}

/// What the loopback server answers.
struct ScriptedResponse: Sendable {
    var status: Int = 200
    var headers: HTTPHeaders = [:]
    var body = Data()
    /// Waits this long before answering.
    var delay: Duration?
    /// Closes the connection after answering.
    var close = false

    static func text(_ status: Int, _ text: String, headers: HTTPHeaders = [:]) -> ScriptedResponse {
        ScriptedResponse(status: status, headers: headers, body: Data(text.utf8))
    }

    static func json(_ status: Int, _ json: String, headers: HTTPHeaders = [:]) -> ScriptedResponse {
        var headers = headers
        headers["Content-Type"] = "application/json"
        return ScriptedResponse(status: status, headers: headers, body: Data(json.utf8))
    }
}

/// A small HTTP/1.1 server on 127.0.0.1 over POSIX sockets, for testing clients: keep-alive,
/// Content-Length bodies, scripted responses with delays, and a count of accepted connections.
/// One thread accepts; one thread per connection reads and answers, in order.
final class LoopbackServer: Sendable {
    typealias Handler = @Sendable (ReceivedRequest) -> ScriptedResponse

    private struct State {
        var accepted = 0
        var requests: [ReceivedRequest] = []
        var abandoned = 0
        var stopped = false
    }

    let port: Int
    private let listener: Int32
    private let handler: Handler
    private let state = Mutex(State())

    /// Starts listening on 127.0.0.1 at a free port; `handler` answers every request.
    init(handler: @escaping Handler) throws {
        self.handler = handler
        let fd = try Self.boundSocket()
        guard listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        self.listener = fd
        self.port = Self.port(of: fd)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Connections accepted so far.
    var acceptedConnections: Int { state.withLock { $0.accepted } }

    /// Requests read so far, in order.
    var requests: [ReceivedRequest] { state.withLock { $0.requests } }

    /// Requests whose client closed the connection while the server was still delaying the answer.
    var abandonedRequests: Int { state.withLock { $0.abandoned } }

    /// Waits until `count` requests were abandoned by their clients; false if that has not happened
    /// within `limit`. Proof that a client gave up, which does not depend on when the waiting test runs.
    func waitForAbandonedRequests(_ count: Int, within limit: Duration) async -> Bool {
        (try? await poll(timeout: limit, every: .milliseconds(10)) { abandonedRequests >= count }) ?? false
    }

    /// Stops accepting and closes every connection (within ~50 ms; threads notice on their next poll).
    func stop() { state.withLock { $0.stopped = true } }

    private var stopped: Bool { state.withLock { $0.stopped } }

    // MARK: - A port nobody listens on

    /// A port that was free a moment ago and has no listener, for connection-refused tests.
    static func closedPort() throws -> Int {
        let fd = try boundSocket()
        defer { close(fd) }
        return port(of: fd)
    }

    // MARK: - Sockets

    private static func boundSocket() throws -> Int32 {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw POSIXError(.init(rawValue: code) ?? .EIO)
        }
        return fd
    }

    private static func port(of fd: Int32) -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Waits up to 50 ms for `fd` to be readable.
    private static func readable(_ fd: Int32) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 50) > 0
    }

    // MARK: - Accepting

    private func acceptLoop() {
        defer { close(listener) }
        while !stopped {
            guard Self.readable(listener) else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            #if canImport(Darwin)
                var yes: Int32 = 1
                _ = setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            #endif
            let number = state.withLock {
                $0.accepted += 1
                return $0.accepted
            }
            Thread.detachNewThread { [self] in serve(client, connection: number) }
        }
    }

    // MARK: - One connection

    private func serve(_ fd: Int32, connection: Int) {
        defer { close(fd) }
        var buffer = [UInt8]()
        while !stopped {
            guard let request = readRequest(fd, buffer: &buffer, connection: connection) else { return }
            state.withLock { $0.requests.append(request) }
            let response = handler(request)
            if let delay = response.delay {
                switch wait(delay, fd) {
                case .elapsed: break
                case .stopped: return
                case .clientLeft:
                    state.withLock { $0.abandoned += 1 }
                    return
                }
            }
            guard write(fd, response) else { return }
            let clientCloses = request.headers["Connection"]?.lowercased() == "close"
            if response.close || clientCloses { return }
        }
    }

    private enum Wait { case elapsed, stopped, clientLeft }

    /// Sleeps in small steps, watching for the server to stop and for the client to close `fd`.
    private func wait(_ delay: Duration, _ fd: Int32) -> Wait {
        let end = ContinuousClock.now + delay
        while ContinuousClock.now < end {
            if stopped { return .stopped }
            var byte: UInt8 = 0
            // 0 bytes from a peek is the client's end of the stream: it has given up on this answer.
            if recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0 { return .clientLeft }
            // kept: the scripted delay of an answer is the time that must pass (on the server's thread, looking
            // every 10 ms for a client that leaves or a server that stops).
            usleep(10_000)
        }
        return .elapsed
    }

    private func fill(_ fd: Int32, _ buffer: inout [UInt8]) -> Bool {
        while !stopped {
            guard Self.readable(fd) else { continue }
            var chunk = [UInt8](repeating: 0, count: 256 * 1024)
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { return false }
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
        return false
    }

    private func readRequest(_ fd: Int32, buffer: inout [UInt8], connection: Int) -> ReceivedRequest? {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            headEnd = Self.find(separator, in: buffer)
            if headEnd == nil && !fill(fd, &buffer) { return nil }
        }
        guard let headEnd else { return nil }
        let head = String(decoding: buffer[0..<headEnd], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(
                name: String(line[..<colon]),
                value: String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        let length = Int(headers["Content-Length"] ?? "0") ?? 0
        let bodyStart = headEnd + separator.count
        while buffer.count < bodyStart + length {
            if !fill(fd, &buffer) { return nil }
        }
        let body = Data(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        return ReceivedRequest(
            method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body,
            connection: connection)
    }

    private func write(_ fd: Int32, _ response: ScriptedResponse) -> Bool {
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        for field in response.headers { head += "\(field.name): \(field.value)\r\n" }
        if !response.headers.contains("Content-Length") { head += "Content-Length: \(response.body.count)\r\n" }
        if response.close { head += "Connection: close\r\n" }
        head += "\r\n"
        var bytes = Data(head.utf8)
        bytes.append(response.body)
        return bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                #if canImport(Glibc)
                    let sent = send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                #else
                    let sent = send(fd, raw.baseAddress! + offset, raw.count - offset, 0)
                #endif
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return start }
        }
        return nil
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 302: "Found"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
