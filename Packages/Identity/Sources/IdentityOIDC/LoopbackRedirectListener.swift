import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Waits for the provider's redirect on 127.0.0.1 at a free port (RFC 8252 §7.3): one `GET /callback?...`, answered
/// with a short page, its query returned. The blocking socket calls run on a dispatch thread, never on the Swift
/// concurrency pool.
public final class LoopbackRedirectListener: Sendable {
    /// The port the system chose.
    public let port: UInt16
    private let socketDescriptor: Int32

    /// Listens on 127.0.0.1 at a port the system picks.
    public init() throws {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw LoopbackError.cannotListen }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && listen(descriptor, 4) == 0
                    && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw LoopbackError.cannotListen
        }
        socketDescriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(socketDescriptor) }

    /// `http://127.0.0.1:PORT/callback`.
    public var redirectURI: String { "http://127.0.0.1:\(port)/callback" }

    /// The query of the first request to `/callback`, or `LoopbackError.timedOut` after `timeout`.
    public func waitForRedirect(timeout: Duration) async throws -> [String: String] {
        let descriptor = socketDescriptor
        let deadline = Date().addingTimeInterval(Double(timeout.components.seconds))
        // The wait (up to `timeout`) blocks a thread of its own: `DispatchQueue.global()` is the root queue Swift's
        // concurrency pool runs on, whose few threads the rest of the program needs meanwhile.
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try Self.awaitCallback(descriptor, until: deadline) })
            }
        }
    }

    private static func awaitCallback(_ descriptor: Int32, until deadline: Date) throws -> [String: String] {
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw LoopbackError.timedOut }
            var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pollDescriptor, 1, Int32(min(remaining * 1000, 1000)))
            guard ready > 0 else { continue }
            #if canImport(Glibc)
                let connection = Glibc.accept(descriptor, nil, nil)
            #else
                let connection = Darwin.accept(descriptor, nil, nil)
            #endif
            guard connection >= 0 else { continue }
            defer { close(connection) }
            let requestLine = readRequestLine(connection)
            let parts = requestLine.split(separator: " ")
            guard parts.count >= 2, parts[0] == "GET", let components = URLComponents(string: String(parts[1])),
                components.path == "/callback"
            else {
                respond(connection, status: "404 Not Found", body: "Not found")
                continue
            }
            respond(
                connection, status: "200 OK",
                body: "Sign-in finished. You can close this window and return to Kith.")
            return Dictionary(
                (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first }
            )
        }
    }

    /// The request's first line (headers are read and ignored, up to 16 KB).
    private static func readRequestLine(_ connection: Int32) -> String {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 2048)
        while received.count < 16_384 {
            var pollDescriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&pollDescriptor, 1, 5000) > 0 else { break }
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { break }
            received += buffer[0..<count]
            if received.count >= 4, received.suffix(4) == [13, 10, 13, 10] { break }
        }
        let text = String(decoding: received, as: UTF8.self)
        return text.split(separator: "\r\n", maxSplits: 1).first.map(String.init) ?? ""
    }

    private static func respond(_ connection: Int32, status: String, body: String) {
        let response =
            "HTTP/1.1 \(status)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: close\r\n\r\n\(body)"
        let bytes = Array(response.utf8)
        _ = bytes.withUnsafeBufferPointer { write(connection, $0.baseAddress, $0.count) }
    }
}

/// Why the loopback redirect did not arrive.
public enum LoopbackError: Error, Equatable, Sendable {
    case cannotListen
    case timedOut
}
