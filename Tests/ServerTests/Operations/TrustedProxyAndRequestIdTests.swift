import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing

@testable import KithServer

/// `--trusted-proxy` through a real socket (peer 127.0.0.1) and the per-address join limit; `X-Request-Id` and
/// `traceparent` through the router and into the request's log lines.
@Suite("Trusted proxies and request ids")
struct TrustedProxyAndRequestIdTests {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let requestId = HTTPField.Name("X-Request-Id")!

    /// Twenty failed joins (four from each of five parents) sent with `forwarded` as `X-Forwarded-For`, then one
    /// more from a sixth parent with `next`: its status.
    static func twentyFailuresThen(
        _ next: String, forwarded: @escaping @Sendable (Int) -> String, trusting proxies: [String]
    ) async throws -> HTTPResponse.Status {
        let server = try TestServer()
        let router = try KithServerApplication.router(
            services: server.services, trustedProxies: TrustedProxies(proxies.map { TrustedProxies.Range($0)! }))
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        defer { try? FileManager.default.removeItem(at: server.directory) }
        return try await app.test(.live) { client in
            var parents: [TestAccount] = []
            for index in 0..<6 { parents.append(try await client.signUp("parent\(index)@example.com", role: "parent")) }
            var sent = 0
            for parent in parents.prefix(5) {
                for _ in 0..<4 {
                    let miss = try await client.send(
                        .post, "/api/family/code/join", token: parent.token, body: #"{"familyCode":"FAM-000000"}"#,
                        headers: [Self.forwardedFor: forwarded(sent)])
                    #expect(miss.status == .notFound, "\(miss.text)")
                    sent += 1
                }
            }
            return try await client.send(
                .post, "/api/family/code/join", token: parents[5].token, body: #"{"familyCode":"FAM-000000"}"#,
                headers: [Self.forwardedFor: next]
            ).status
        }
    }

    @Test func behindATrustedProxyEachForwardedClientHasItsOwnLimit() async throws {
        // Twenty failures from one forwarded client lock that client, not the proxy's other clients.
        let same = try await Self.twentyFailuresThen(
            "198.51.100.1", forwarded: { _ in "198.51.100.1" }, trusting: ["127.0.0.1"])
        #expect(same == .tooManyRequests)
        let other = try await Self.twentyFailuresThen(
            "198.51.100.2", forwarded: { _ in "198.51.100.1" }, trusting: ["127.0.0.0/8"])
        #expect(other == .notFound)
        // A client cannot dodge the limit behind the proxy by writing addresses of its own to the left.
        let spoofedLeft = try await Self.twentyFailuresThen(
            "203.0.113.\(99), 198.51.100.1", forwarded: { "203.0.113.\($0), 198.51.100.1" }, trusting: ["127.0.0.1"])
        #expect(spoofedLeft == .tooManyRequests)
    }

    @Test func fromAnUntrustedPeerForwardedForIsIgnored() async throws {
        // No trusted proxy, or one that is not the peer: every made-up X-Forwarded-For is still 127.0.0.1.
        for proxies in [[], ["10.0.0.0/8"]] {
            let status = try await Self.twentyFailuresThen(
                "198.51.100.250", forwarded: { "198.51.100.\($0)" }, trusting: proxies)
            #expect(status == .tooManyRequests, "\(proxies)")
        }
    }

    @Test func aRequestsIdIsEchoedAndOnEveryLineLoggedForIt() async throws {
        let server = try TestServer()
        let lines = Mutex<[String]>([])
        let logger = Logger(
            label: "kith-server",
            factory: { JSONLogHandler(label: $0, output: .lines { line in lines.withLock { $0.append(line) } }) })
        let app = Application(
            router: server.router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: logger)
        defer { try? FileManager.default.removeItem(at: server.directory) }
        try await app.test(.router) { client in
            let given = try await client.send(
                .get, "/api/me",
                headers: [
                    Self.requestId: "lb-7f3a",
                    HTTPField.Name("traceparent")!: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
                ])
            #expect(given.status == .unauthorized)
            #expect(given.headers[Self.requestId] == "lb-7f3a")
            let made = try await client.send(.get, "/health", headers: [Self.requestId: "bad id\twith tab"])
            let madeId = try #require(made.headers[Self.requestId])
            #expect(madeId.count == 32 && madeId != "bad id\twith tab")
            let signUp = try await client.send(
                .post, "/api/auth/signup",
                body: #"{"email":"dana@example.com","firstName":"Dana","lastName":"Lee","password":"correct horse"}"#)
            let signUpId = try #require(signUp.headers[Self.requestId])

            let objects = try lines.withLock { $0 }.map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
            let requestLines = objects.filter { $0["message"] as? String == "request" }
            let first = try #require(requestLines.first { $0["requestId"] as? String == "lb-7f3a" })
            #expect(first["traceId"] as? String == "4bf92f3577b34da6a3ce929d0e0e4736")
            #expect(first["route"] as? String == "/api/me")
            #expect(first["method"] as? String == "GET" && first["status"] as? String == "401")
            #expect(
                requestLines.contains { $0["requestId"] as? String == madeId && $0["route"] as? String == "/health" })
            #expect(requestLines.contains { $0["requestId"] as? String == signUpId })
            // Every line logged while a request ran names its request.
            #expect(objects.allSatisfy { ($0["requestId"] as? String).map { !$0.isEmpty } ?? false }, "\(objects)")
            let text = lines.withLock { $0.joined() }
            for secret in ["correct horse", "dana@example.com"] { #expect(!text.contains(secret)) }
        }
    }
}
