import Foundation
import Networking
import Testing

@Suite("CurlHTTPClient against a loopback server")
struct CurlHTTPClientTests {
    static func echo(_ request: ReceivedRequest) -> ScriptedResponse {
        ScriptedResponse(
            status: 200,
            headers: ["X-Echo-Method": request.method, "X-Echo-Target": request.target, "X-Reply": "yes"],
            body: request.body)
    }

    // MARK: - Headers and bodies

    @Test func getSendsHeadersAndReadsTheResponse() async throws {
        let server = try LoopbackServer { _ in .text(200, "hello", headers: ["X-Reply": "one", "x-reply": "two"]) }
        defer { server.stop() }
        let client = CurlHTTPClient()
        let response = try await client.send(
            HTTPRequest(
                method: .get, url: server.url("/things?x=1"), headers: ["X-Custom": "abc", "Accept": "text/plain"]))

        #expect(response.status == 200)
        #expect(response.text == "hello")
        #expect(response.headers["x-REPLY"] == "one")
        #expect(response.headers.values(for: "X-Reply") == ["one", "two"])
        let received = try #require(server.requests.first)
        #expect(received.method == "GET")
        #expect(received.target == "/things?x=1")
        #expect(received.headers["x-custom"] == "abc")
        #expect(received.headers["Accept"] == "text/plain")
        #expect(received.headers["Expect"] == nil)
        #expect(received.body.isEmpty)
    }

    @Test func postSendsTheBodyAndItsContentType() async throws {
        let server = try LoopbackServer(handler: Self.echo)
        defer { server.stop() }
        let client = CurlHTTPClient()
        let body = Data(#"{"name":"Dana"}"#.utf8)
        let response = try await client.send(
            HTTPRequest(
                method: .post, url: server.url("/api/x"), headers: ["Content-Type": "application/json"], body: body))

        #expect(response.status == 200)
        #expect(response.body == body)
        #expect(response.headers["X-Echo-Method"] == "POST")
        let received = try #require(server.requests.first)
        #expect(received.headers["Content-Type"] == "application/json")
        #expect(received.headers["Content-Length"] == "\(body.count)")
        #expect(received.body == body)
    }

    @Test(arguments: [HTTPMethod.put, .patch, .delete])
    func otherMethodsGoOutAsGiven(method: HTTPMethod) async throws {
        let server = try LoopbackServer(handler: Self.echo)
        defer { server.stop() }
        let body: Data? = method == .delete ? nil : Data("x".utf8)
        let response = try await CurlHTTPClient().send(HTTPRequest(method: method, url: server.url("/m"), body: body))
        #expect(response.headers["X-Echo-Method"] == method.rawValue)
        #expect(server.requests.first?.body == (body ?? Data()))
    }

    @Test func postWithoutABodySendsContentLengthZeroAndNoFormType() async throws {
        let server = try LoopbackServer(handler: Self.echo)
        defer { server.stop() }
        _ = try await CurlHTTPClient().send(HTTPRequest(method: .post, url: server.url("/empty")))
        let received = try #require(server.requests.first)
        #expect(received.headers["Content-Length"] == "0")
        #expect(received.headers["Content-Type"] == nil)
    }

    @Test func eightMegabyteBodiesGoBothWays() async throws {
        let server = try LoopbackServer(handler: Self.echo)
        defer { server.stop() }
        let size = 8 << 20
        let body = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })
        let response = try await CurlHTTPClient().send(HTTPRequest(method: .post, url: server.url("/big"), body: body))
        #expect(response.status == 200)
        #expect(response.body.count == size)
        #expect(response.body == body)
        #expect(server.requests.first?.body.count == size)
    }

    @Test func aResponseOverTheLimitIsAnInvalidResponse() async throws {
        let server = try LoopbackServer { _ in ScriptedResponse(body: Data(count: 4096)) }
        defer { server.stop() }
        let client = CurlHTTPClient(configuration: .init(maxResponseBytes: 1024))
        let error = await #expect(throws: NetworkingError.self) {
            try await client.send(HTTPRequest(url: server.url("/")))
        }
        #expect(error?.code == .invalidResponse)
    }

    @Test func headerValuesWithLineBreaksAreRefused() async throws {
        let server = try LoopbackServer(handler: Self.echo)
        defer { server.stop() }
        let error = await #expect(throws: NetworkingError.self) {
            try await CurlHTTPClient().send(HTTPRequest(url: server.url("/"), headers: ["X-A": "b\r\nX-Injected: 1"]))
        }
        #expect(error?.code == .invalidRequest)
        #expect(server.requests.isEmpty)
    }

    // MARK: - Failures

    @Test func connectionRefusedIsOfflineWithTheSeedSentence() async throws {
        let port = try LoopbackServer.closedPort()
        let client = CurlHTTPClient()
        let error = await #expect(throws: NetworkingError.self) {
            try await client.send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(port)/")!))
        }
        #expect(error?.code == .offline)
        #expect(error?.description == "Connection error. Please try again.")
    }

    @Test func anUnresolvableHostIsOffline() async throws {
        let error = await #expect(throws: NetworkingError.self) {
            try await CurlHTTPClient(configuration: .init(connectTimeout: .seconds(3), timeout: .seconds(5)))
                .send(HTTPRequest(url: URL(string: "http://kith-does-not-exist.invalid/")!))
        }
        #expect(error?.code == .offline || error?.code == .timeout)
    }

    @Test func aSlowServerHitsTheTotalTimeout() async throws {
        // The server would answer after 20 s; the client gives up after 0.3 s. That it did not wait is shown by
        // the server, which sees the connection closed before it answered: no clock of the test's, which a busy
        // machine (tests in parallel on two cores) can hold up for seconds.
        let server = try LoopbackServer { _ in ScriptedResponse(status: 200, delay: .seconds(20)) }
        defer { server.stop() }
        let client = CurlHTTPClient(configuration: .init(timeout: .milliseconds(300)))
        let error = await #expect(throws: NetworkingError.self) {
            try await client.send(HTTPRequest(url: server.url("/slow")))
        }
        #expect(error?.code == .timeout)
        #expect(error?.description == "Connection timed out")
        #expect(await server.waitForAbandonedRequests(1, within: .seconds(15)))
    }

    @Test func aRequestTimeoutOverridesTheClients() async throws {
        let server = try LoopbackServer { _ in ScriptedResponse(status: 200, delay: .seconds(3)) }
        defer { server.stop() }
        let client = CurlHTTPClient(configuration: .init(timeout: .seconds(30)))
        let error = await #expect(throws: NetworkingError.self) {
            try await client.send(HTTPRequest(url: server.url("/slow"), timeout: .milliseconds(200)))
        }
        #expect(error?.code == .timeout)
    }

    @Test func cancellingTheTaskAbortsTheTransfer() async throws {
        let server = try LoopbackServer { _ in ScriptedResponse(status: 200, delay: .seconds(20)) }
        defer { server.stop() }
        let client = CurlHTTPClient()
        let task = Task { try await client.send(HTTPRequest(url: server.url("/slow"))) }
        // Cancel once the request is at the server, so the transfer is under way, not refused before it starts.
        try await eventually(timeout: .seconds(15), every: .milliseconds(10), "the request at the server") {
            !server.requests.isEmpty
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        // The server saw the client close the connection before its 20 s answer: the transfer was aborted.
        #expect(await server.waitForAbandonedRequests(1, within: .seconds(15)))
    }

    // MARK: - Connections

    @Test func twentySequentialRequestsShareOneConnection() async throws {
        let server = try LoopbackServer { _ in .text(200, "ok") }
        defer { server.stop() }
        let client = CurlHTTPClient()
        for index in 0..<20 {
            let response = try await client.send(HTTPRequest(url: server.url("/n/\(index)")))
            #expect(response.status == 200)
        }
        #expect(server.acceptedConnections == 1)
        #expect(Set(server.requests.map(\.connection)) == [1])
        let statistics = await client.statistics()
        #expect(statistics.requests == 20)
        #expect(statistics.newConnections == 1)
    }

    @Test func withoutReuseEveryRequestOpensAConnection() async throws {
        let server = try LoopbackServer { _ in .text(200, "ok") }
        defer { server.stop() }
        let client = CurlHTTPClient(configuration: .init(reuseConnection: false))
        for _ in 0..<5 { _ = try await client.send(HTTPRequest(url: server.url("/"))) }
        #expect(await client.statistics().newConnections == 5)
        #expect(server.acceptedConnections == 5)
    }

    @Test func aClosedConnectionIsReopenedOnTheNextRequest() async throws {
        let server = try LoopbackServer { _ in ScriptedResponse(status: 200, close: true) }
        defer { server.stop() }
        let client = CurlHTTPClient()
        for _ in 0..<3 { _ = try await client.send(HTTPRequest(url: server.url("/"))) }
        #expect(await client.statistics().newConnections == 3)
    }

    // MARK: - Redirects

    @Test func aRedirectIsReturnedAsIsByDefault() async throws {
        let server = try LoopbackServer { request in
            request.target == "/old" ? .text(302, "", headers: ["Location": "/new"]) : .text(200, "new")
        }
        defer { server.stop() }
        let response = try await CurlHTTPClient().send(HTTPRequest(url: server.url("/old")))
        #expect(response.status == 302)
        #expect(response.headers["Location"] == "/new")
        #expect(server.requests.map(\.target) == ["/old"])
    }

    @Test func redirectsAreFollowedWhenAsked() async throws {
        let server = try LoopbackServer { request in
            request.target == "/old"
                ? .text(302, "", headers: ["Location": "/new", "X-Hop": "first"]) : .text(200, "new")
        }
        defer { server.stop() }
        let client = CurlHTTPClient(configuration: .init(followRedirects: true))
        let response = try await client.send(HTTPRequest(url: server.url("/old")))
        #expect(response.status == 200)
        #expect(response.text == "new")
        #expect(response.headers["X-Hop"] == nil)
        #expect(server.requests.map(\.target) == ["/old", "/new"])
    }

    @Test func onlyHTTPAndHTTPSURLsAreSent() async throws {
        let error = await #expect(throws: NetworkingError.self) {
            try await CurlHTTPClient().send(HTTPRequest(url: URL(string: "file:///etc/passwd")!))
        }
        #expect(error?.code == .invalidRequest)
    }

    // MARK: - Statuses

    @Test func errorStatusesAreResponsesNotThrows() async throws {
        let body = #"{"error":"internal","message":"boom"}"#
        let server = try LoopbackServer { _ in .json(500, body) }
        defer { server.stop() }
        let response = try await CurlHTTPClient().send(HTTPRequest(url: server.url("/")))
        #expect(response.status == 500)
        #expect(
            throws: NetworkingError(
                .server, status: 500, message: "boom", serverError: "internal", detail: "HTTP 500",
                body: Data(body.utf8))
        ) {
            try response.validated()
        }
    }
}
