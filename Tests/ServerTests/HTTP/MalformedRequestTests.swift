import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import KithServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Requests that are not valid HTTP, sent byte for byte over a socket to a live server: every one gets a 400
/// with Kith's JSON error body, never a 500 or an empty 400.
@Suite("Malformed requests")
struct MalformedRequestTests {
    /// The production HTTP server (`KithServerApplication.httpServer`) over the test's services.
    func live<Value: Sendable>(_ test: @Sendable (any TestClientProtocol, Int) async throws -> Value) async throws
        -> Value
    {
        let server = try TestServer()
        defer { try? FileManager.default.removeItem(at: server.directory) }
        let app = Application(
            router: server.router, server: KithServerApplication.httpServer,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await app.test(.live) { client in
            let port = try #require(client.port)
            return try await test(client, port)
        }
    }

    static func expectJSONBadRequest(_ reply: RawReply, codes: Set<String> = ["bad_request", "invalid_json"]) {
        #expect(reply.status == 400, "\(reply.raw)")
        #expect(reply.header("content-type")?.hasPrefix("application/json") == true, "\(reply.raw)")
        let json = (try? JSONSerialization.jsonObject(with: Data(reply.body.utf8))) as? [String: Any]
        #expect(codes.contains(json?["error"] as? String ?? ""), "\(reply.raw)")
        let message = json?["message"] as? String ?? ""
        #expect(!message.isEmpty, "\(reply.raw)")
    }

    static func chunked(_ path: String, token: String? = nil) -> [UInt8] {
        var head = "POST \(path) HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        head += "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"
        return Array(head.utf8)
    }

    @Test("a malformed chunk size on a public route that reads a body")
    func malformedChunkPublic() async throws {
        try await live { _, port in
            for path in ["/api/auth/signup", "/api/auth/signin"] {
                Self.expectJSONBadRequest(try await RawClient.send(Self.chunked(path), port: port))
            }
        }
    }

    @Test("a malformed chunk size on a signed-in route that reads a body")
    func malformedChunkSignedIn() async throws {
        try await live { client, port in
            let account = try await client.signUp("chunks@example.com")
            for path in ["/api/circles", "/api/contacts", "/api/households"] {
                Self.expectJSONBadRequest(
                    try await RawClient.send(Self.chunked(path, token: account.token), port: port))
            }
        }
    }

    @Test(
        "a request the HTTP parser refuses before any route",
        arguments: [
            (
                "0xFF in the path",
                Array("GET /api/".utf8) + [0xFF] + Array("x HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
            ),
            (
                "a 100 KB header",
                Array(
                    "GET /health HTTP/1.1\r\nHost: localhost\r\nX-Big: \(String(repeating: "a", count: 100_000))\r\n\r\n"
                        .utf8)
            ),
            (
                "Content-Length with Transfer-Encoding",
                Array(
                    "POST /api/auth/signin HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
                        .utf8)
            ),
            ("a NUL in a header", Array("GET /health HTTP/1.1\r\nHost: localhost\r\nX-A: a\u{0}b\r\n\r\n".utf8)),
            ("a request line that is not HTTP", Array("HELLO\r\n\r\n".utf8)),
        ] as [(String, [UInt8])])
    func refusedByTheParser(name: String, bytes: [UInt8]) async throws {
        try await live { _, port in
            let reply = try await RawClient.send(bytes, port: port)
            Self.expectJSONBadRequest(reply, codes: ["bad_request"])
            #expect(reply.header("cache-control") == "no-store", "\(name)")
        }
    }

    @Test("a malformed request after a good one on the same connection: both answered, in order")
    func malformedAfterAGoodRequest() async throws {
        try await live { _, port in
            let bytes = Array("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\nHELLO\r\n\r\n".utf8)
            let raw = try await RawClient.send(bytes, port: port).raw
            let first = try #require(raw.range(of: "HTTP/1.1 200"))
            let second = try #require(raw.range(of: "HTTP/1.1 400"))
            #expect(first.lowerBound < second.lowerBound)
            #expect(raw.contains("\"error\":\"bad_request\""))
        }
    }

    @Test("a good request is still answered as before")
    func goodRequest() async throws {
        try await live { _, port in
            let reply = try await RawClient.send(
                Array("GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8), port: port)
            #expect(reply.status == 200, "\(reply.raw)")
        }
    }
}

/// What came back on a raw connection.
struct RawReply: Sendable {
    let raw: String

    var status: Int? {
        guard raw.hasPrefix("HTTP/1.1 ") else { return nil }
        return Int(raw.dropFirst(9).prefix(3))
    }

    var head: String { raw.components(separatedBy: "\r\n\r\n").first ?? "" }
    var body: String {
        guard let range = raw.range(of: "\r\n\r\n") else { return "" }
        return String(raw[range.upperBound...])
    }

    func header(_ name: String) -> String? {
        for line in head.components(separatedBy: "\r\n").dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}

/// A blocking TCP client: sends the bytes as they are, reads until the server closes (or 5 s pass).
enum RawClient {
    /// On a thread of its own: a blocked read must not hold a thread of the cooperative pool the server needs.
    static func send(_ bytes: [UInt8], port: Int) async throws -> RawReply {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try exchange(bytes, port: port) }) }
        }
    }

    private static func exchange(_ bytes: [UInt8], port: Int) throws -> RawReply {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw TestFailure("socket failed") }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw TestFailure("connect failed") }
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            // The server may answer and close before it has read everything (a header over the limit).
            if count <= 0 { break }
            sent += count
        }
        shutdown(descriptor, Int32(SHUT_WR))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return RawReply(raw: String(decoding: received, as: UTF8.self))
    }
}
