import Foundation
import Kernel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which WebAuthn call the page makes.
public enum PasskeyPageCeremony: String, Sendable, Hashable, Codable {
    /// `navigator.credentials.create()`: register a passkey.
    case create
    /// `navigator.credentials.get()`: sign in with one.
    case get
}

/// Serves the passkey page at `http://localhost:PORT/SECRET/` for one ceremony: the page (`PasskeyPage`), its options
/// (`GET options`) and the browser's answer (`POST result`), then stops.
///
/// WebAuthn shapes it: `http://localhost` is a secure context and "localhost" can be a relying party id (an IP
/// address cannot), so the origin is `http://localhost:PORT` and the port is fixed for the relying party to list it.
/// It listens on 127.0.0.1 and on ::1 (when the system has IPv6), so no other program takes the name's other address.
/// The random folder in the path keeps other pages (DNS rebinding) and other users' programs from reading the options
/// or posting an answer; the answer must also come from the page's own origin. Requests are read side by side (a
/// browser opens spare connections), each on a non-blocking socket polled on a dispatch thread, never on the Swift
/// concurrency pool.
///
/// Not FlyingFox (issue 43, measured with this page and `LoopbackRedirectListener` rewritten on FlyingFox 0.27.1):
/// FlyingFox imports FoundationNetworking (for its proxy handler), which links libcurl into `kith`, so the loader maps
/// it and the 29 libraries it needs at every start, where Networking loads libcurl only when it is first used.
/// `kith version` went from 2.05-2.85x `sqlite3 FILE 'select 1'` to 5.06-6.21x (`Tools/bench --only startup`, four
/// runs of each on a busy machine; the bound is 2.5x); the release `kith` from 72,667,192 to 74,346,752 bytes.
public final class LoopbackPasskeyPage: Sendable {
    /// The port used when `KITH_PASSKEY_PORT` says none.
    public static let defaultPort: UInt16 = 8765
    /// How long the person has to finish in the browser (the challenge's life).
    public static let timeout = Duration.seconds(300)

    public let port: UInt16
    /// The random folder the page is served under.
    private let secret: String
    private let listeners: [Int32]

    /// Listens on localhost at `port` (`PasskeyPageError.portInUse` when another program does).
    public init(port: UInt16 = LoopbackPasskeyPage.defaultPort) throws(PasskeyPageError) {
        var bytes = [UInt8](repeating: 0, count: 16)
        var generator = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = UInt8.random(in: .min ... .max, using: &generator) }
        secret = Base64URL.encode(bytes)
        var opened = [Int32]()
        do {
            opened.append(try Self.openListener(port: port, ipv6: false))
            if let descriptor = try Self.listenIfAvailable(port: port) { opened.append(descriptor) }
        } catch {
            opened.forEach { _ = close($0) }
            throw error
        }
        self.port = port
        listeners = opened
    }

    deinit { listeners.forEach { _ = close($0) } }

    /// `http://localhost:PORT`: the origin the relying party must allow.
    public var origin: String { "http://localhost:\(port)" }

    /// The address to open in a browser.
    public var url: String { "\(origin)/\(secret)/" }

    /// Serves the page for `ceremony` with `options` until the browser posts its answer: the credential it made or
    /// found, decoded as `Credential`; `PasskeyPageError.browserFailed` when the WebAuthn call failed there, and
    /// `.timedOut` after `timeout`.
    public func run<Options: Encodable & Sendable, Credential: Decodable & Sendable>(
        _ ceremony: PasskeyPageCeremony, options: Options, as _: Credential.Type = Credential.self,
        timeout: Duration = LoopbackPasskeyPage.timeout
    ) async throws -> Credential {
        try await run(ceremony, options: options, timeout: timeout) { (credential: Credential) in credential }
    }

    /// Serves the page as `run(_:options:as:timeout:)` does, then holds the page's answer until `finish` has used the
    /// credential: the page says "Done" only once `finish` returns, and shows `finish`'s error (its sentence) when it
    /// throws, so the browser never says done for a passkey the service refused.
    public func run<Options: Encodable & Sendable, Credential: Decodable & Sendable, Finished>(
        _ ceremony: PasskeyPageCeremony, options: Options, timeout: Duration = LoopbackPasskeyPage.timeout,
        finish: (Credential) async throws -> Finished
    ) async throws -> Finished {
        let optionsJSON: [UInt8]
        do {
            optionsJSON = Array(try JSONEncoder().encode(CeremonyOptions(ceremony: ceremony, publicKey: options)))
        } catch {
            throw PasskeyPageError.cannotListen(port, "the options do not encode: \(error)")
        }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let session = PageSession(
            listeners: listeners, origin: origin, secret: secret, optionsJSON: optionsJSON,
            deadline: Date().addingTimeInterval(seconds))
        // The page is served (minutes, at most) on a thread of its own, not on `DispatchQueue.global()`: that is the
        // root queue Swift's concurrency pool runs on, whose few threads the rest of kith needs meanwhile.
        let answer: Result<(Data, PendingReply), PasskeyPageError> = await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: session.serve()) }
        }
        let (body, reply) = try answer.get()
        guard let decoded = try? JSONDecoder().decode(PageAnswer<Credential>.self, from: body) else {
            reply.send(status: "400 Bad Request", text: "That is not a passkey.")
            throw PasskeyPageError.browserFailed("the page's answer is not a credential")
        }
        guard let credential = decoded.credential else {
            reply.send(status: "204 No Content")
            throw PasskeyPageError.browserFailed(decoded.error ?? "no credential")
        }
        do {
            let finished = try await finish(credential)
            reply.send(status: "204 No Content")
            return finished
        } catch {
            reply.send(status: "422 Unprocessable Content", text: String(describing: error))
            throw error
        }
    }

    /// What `GET options` answers.
    struct CeremonyOptions<Options: Encodable>: Encodable {
        var ceremony: PasskeyPageCeremony
        var publicKey: Options
    }

    /// What the page posts to `result`: the credential, or the browser's error.
    struct PageAnswer<Credential: Decodable>: Decodable {
        var credential: Credential?
        var error: String?
    }

    // MARK: - Sockets

    private static func listenIfAvailable(port: UInt16) throws(PasskeyPageError) -> Int32? {
        do { return try openListener(port: port, ipv6: true) } catch  where error.code == .cannotListen { return nil }
    }

    /// A listening socket on 127.0.0.1 (or ::1) at `port`.
    private static func openListener(port: UInt16, ipv6: Bool) throws(PasskeyPageError) -> Int32 {
        #if canImport(Glibc)
            let descriptor = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(ipv6 ? AF_INET6 : AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw .cannotListen(port, String(cString: strerror(errno))) }
        // A port left in TIME_WAIT by the last run can be taken again; one another program listens on cannot.
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound: Bool
        if ipv6 {
            setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = in6addr_loopback
            bound = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            bound = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
        }
        guard bound, listen(descriptor, 16) == 0 else {
            let failure = errno
            close(descriptor)
            if failure == EADDRINUSE { throw .portInUse(port) }
            throw .cannotListen(port, String(cString: strerror(failure)))
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        return descriptor
    }
}

/// One ceremony's serving loop: the connections open now and what each has sent so far.
private final class PageSession: @unchecked Sendable {
    /// Limits on what a request may send: its head, and the body of the answer (a credential is a few KB).
    static let headLimit = 16_384
    static let bodyLimit = 262_144
    /// A connection that sends no whole request within this long is closed.
    static let idleSeconds = 10.0

    let listeners: [Int32]
    let origin: String
    let host: String
    let secret: String
    let optionsJSON: [UInt8]
    let deadline: Date
    private var connections: [Int32: (received: [UInt8], opened: Date)] = [:]

    init(listeners: [Int32], origin: String, secret: String, optionsJSON: [UInt8], deadline: Date) {
        self.listeners = listeners
        self.origin = origin
        host = String(origin.dropFirst("http://".count))
        self.secret = secret
        self.optionsJSON = optionsJSON
        self.deadline = deadline
    }

    /// Serves until the page posts its answer (its JSON body, and its connection, still to be answered) or the
    /// deadline passes.
    func serve() -> Result<(Data, PendingReply), PasskeyPageError> {
        defer {
            for descriptor in connections.keys { close(descriptor) }
            connections = [:]
        }
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return .failure(.timedOut) }
            let watched = listeners + Array(connections.keys)
            var descriptors = watched.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&descriptors, nfds_t(descriptors.count), Int32(min(remaining * 1000, 250))) >= 0 else {
                continue
            }
            for polled in descriptors where polled.revents != 0 {
                if listeners.contains(polled.fd) {
                    accept(on: polled.fd)
                } else if let answer = receive(polled.fd) {
                    return .success(answer)
                }
            }
            let now = Date()
            for (descriptor, connection) in connections
            where now.timeIntervalSince(connection.opened) > Self.idleSeconds {
                drop(descriptor)
            }
        }
    }

    private func accept(on listener: Int32) {
        #if canImport(Glibc)
            let connection = Glibc.accept(listener, nil, nil)
        #else
            let connection = Darwin.accept(listener, nil, nil)
        #endif
        guard connection >= 0 else { return }
        _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) | O_NONBLOCK)
        connections[connection] = ([], Date())
    }

    private func drop(_ descriptor: Int32) {
        close(descriptor)
        connections[descriptor] = nil
    }

    /// Reads what `descriptor` has; answers its request once whole. The page's answer, when that was it.
    private func receive(_ descriptor: Int32) -> (Data, PendingReply)? {
        var buffer = [UInt8](repeating: 0, count: 8192)
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return nil }
        guard count > 0, var connection = connections[descriptor] else {
            drop(descriptor)
            return nil
        }
        connection.received += buffer[0..<count]
        connections[descriptor] = connection
        guard let request = HTTPRequestHead(connection.received) else {
            if connection.received.count > Self.headLimit {
                respond(descriptor, status: "431 Request Header Fields Too Large")
            }
            return nil
        }
        guard request.contentLength <= Self.bodyLimit else {
            respond(descriptor, status: "413 Content Too Large")
            return nil
        }
        guard connection.received.count >= request.bodyStart + request.contentLength else { return nil }
        let body = Data(connection.received[request.bodyStart..<(request.bodyStart + request.contentLength)])
        return answer(descriptor, request, body)
    }

    private func answer(_ descriptor: Int32, _ request: HTTPRequestHead, _ body: Data) -> (Data, PendingReply)? {
        let folder = "/\(secret)/"
        // The page's own name only: another name that points here (DNS rebinding) is not its origin.
        guard request.headers["host"] == host else {
            if request.headers["host"]?.hasPrefix("127.0.0.1:") == true
                || request.headers["host"]?.hasPrefix("[::1]:") == true,
                request.method == "GET", request.path == folder
            {
                respond(descriptor, status: "303 See Other", headers: ["Location": origin + folder])
            } else {
                respond(descriptor, status: "421 Misdirected Request")
            }
            return nil
        }
        switch (request.method, request.path) {
        case ("GET", folder):
            respond(
                descriptor, status: "200 OK", contentType: "text/html; charset=utf-8",
                body: Array(PasskeyPage.html.utf8)
            )
        case ("GET", folder + "options"):
            respond(descriptor, status: "200 OK", contentType: "application/json", body: optionsJSON)
        case ("POST", folder + "result"):
            guard request.headers["origin"] == origin else {
                respond(descriptor, status: "403 Forbidden")
                return nil
            }
            // Answered once the service has used the credential.
            connections[descriptor] = nil
            return (body, PendingReply(descriptor))
        default:
            respond(descriptor, status: "404 Not Found")
        }
        return nil
    }

    /// Writes a whole response and closes the connection.
    private func respond(
        _ descriptor: Int32, status: String, headers: [String: String] = [:], contentType: String = "text/plain",
        body: [UInt8] = []
    ) {
        PendingReply.writeResponse(descriptor, status: status, headers: headers, contentType: contentType, body: body)
        drop(descriptor)
    }
}

/// The page's answer's connection, answered once (closed unanswered if the caller goes away).
final class PendingReply: @unchecked Sendable {
    private var descriptor: Int32?

    init(_ descriptor: Int32) { self.descriptor = descriptor }

    deinit { if let descriptor { close(descriptor) } }

    /// Answers with `status` and `text` (what the page shows when it is not 2xx), and closes the connection.
    func send(status: String, text: String = "") {
        guard let descriptor else { return }
        self.descriptor = nil
        Self.writeResponse(descriptor, status: status, body: Array(text.utf8))
        close(descriptor)
    }

    /// Writes a whole response (blocking, a few KB at most), with the page's security headers.
    static func writeResponse(
        _ descriptor: Int32, status: String, headers: [String: String] = [:],
        contentType: String = "text/plain; charset=utf-8", body: [UInt8] = []
    ) {
        var head =
            "HTTP/1.1 \(status)\r\nContent-Length: \(body.count)\r\nConnection: close\r\nCache-Control: no-store\r\n"
        if !body.isEmpty { head += "Content-Type: \(contentType)\r\n" }
        head += "Content-Security-Policy: default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
        head += "connect-src 'self'; frame-ancestors 'none'\r\nReferrer-Policy: no-referrer\r\n"
        head += "X-Content-Type-Options: nosniff\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let bytes = Array((head + "\r\n").utf8) + body
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            written += count
        }
    }
}

/// The head of an HTTP/1.1 request: method, path (query dropped), headers (names lower-cased) and where the body
/// starts; nil until the blank line after the headers has arrived.
struct HTTPRequestHead {
    var method: String
    var path: String
    var headers: [String: String]
    var bodyStart: Int
    var contentLength: Int

    init?(_ bytes: [UInt8]) {
        guard let end = bytes.firstRange(of: [13, 10, 13, 10]) else { return nil }
        let lines = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2 else { return nil }
        method = String(parts[0])
        path = String(parts[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
        var headers = [String: String]()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        self.headers = headers
        bodyStart = end.upperBound
        contentLength = headers["content-length"].flatMap { Int($0) }.map { max(0, $0) } ?? 0
    }
}
