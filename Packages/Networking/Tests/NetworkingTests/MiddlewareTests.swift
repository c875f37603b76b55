import Foundation
import Networking
import Testing

@Suite("Middleware: bearer token, acting as, retries")
struct MiddlewareTests {
    let url = URL(string: "http://127.0.0.1:1/api/x")!

    // MARK: - Order

    @Test func theFirstMiddlewareIsTheOutermost() async throws {
        struct Tag: HTTPMiddleware {
            let name: String
            func handle(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
                var request = request
                request.headers.add(name: "X-Order", value: name)
                return try await next(request)
            }
        }
        let stub = StubHTTPClient()
        _ = try await MiddlewareClient(base: stub, middleware: [Tag(name: "a"), Tag(name: "b")])
            .send(HTTPRequest(url: url))
        #expect(stub.requests.first?.headers.values(for: "X-Order") == ["a", "b"])
    }

    // MARK: - Bearer token

    @Test func bearerTokenIsAddedFromTheSource() async throws {
        let stub = StubHTTPClient()
        let client = MiddlewareClient(base: stub, middleware: [BearerTokenMiddleware { "tok-123" }])
        _ = try await client.send(HTTPRequest(url: url))
        #expect(stub.requests.first?.headers["authorization"] == "Bearer tok-123")
    }

    @Test func noTokenMeansNoAuthorizationHeader() async throws {
        let stub = StubHTTPClient()
        _ = try await MiddlewareClient(base: stub, middleware: [BearerTokenMiddleware { nil }]).send(
            HTTPRequest(url: url))
        #expect(stub.requests.first?.headers.contains("Authorization") == false)
    }

    @Test func theTokenNeverAppearsInADescription() {
        let request = HTTPRequest(url: url, headers: ["Authorization": "Bearer secret-token", "X-A": "b"])
        #expect(!request.description.contains("secret-token"))
        #expect(request.description.contains("Authorization: <redacted>"))
        #expect(request.description.contains("X-A: b"))
    }

    // MARK: - Acting as

    @Test func actingAsAddsTheMemberHeader() async throws {
        let stub = StubHTTPClient()
        let client = MiddlewareClient(base: stub, middleware: [ActingAsMiddleware { "managed_1234" }])
        _ = try await client.send(HTTPRequest(url: url))
        #expect(stub.requests.first?.headers["X-Acting-As-Member"] == "managed_1234")
        #expect(ActingAsMiddleware.headerName == "X-Acting-As-Member")
    }

    @Test func actingAsOneselfLeavesTheHeaderAbsent() async throws {
        let stub = StubHTTPClient()
        let client = MiddlewareClient(base: stub, middleware: [ActingAsMiddleware { nil }])
        _ = try await client.send(HTTPRequest(url: url, headers: ["x-acting-as-member": "stale"]))
        #expect(stub.requests.first?.headers.contains("X-Acting-As-Member") == false)
    }

    @Test func bothHeadersReachTheLoopbackServer() async throws {
        let server = try LoopbackServer { _ in .text(200, "ok") }
        defer { server.stop() }
        let client = MiddlewareClient(
            base: CurlHTTPClient(),
            middleware: [BearerTokenMiddleware { "tok" }, ActingAsMiddleware { "managed_7" }])
        _ = try await client.send(HTTPRequest(url: server.url("/")))
        let plain = MiddlewareClient(
            base: CurlHTTPClient(), middleware: [BearerTokenMiddleware { "tok" }, ActingAsMiddleware { nil }])
        _ = try await plain.send(HTTPRequest(url: server.url("/")))

        let requests = server.requests
        #expect(requests.count == 2)
        #expect(requests[0].headers["Authorization"] == "Bearer tok")
        #expect(requests[0].headers["X-Acting-As-Member"] == "managed_7")
        #expect(requests[1].headers["Authorization"] == "Bearer tok")
        #expect(requests[1].headers["X-Acting-As-Member"] == nil)
    }

    // MARK: - Retries

    static func retry(_ sleeps: Recorder<Duration>, attempts: Int = 3) -> RetryMiddleware {
        RetryMiddleware(maxAttempts: attempts, jitter: { 1 }, sleep: { sleeps.record($0) })
    }

    @Test func getIsRetriedOn503UpToTheBound() async throws {
        let stub = StubHTTPClient([.success(HTTPResponse(status: 503))])
        let sleeps = Recorder<Duration>()
        let response = try await MiddlewareClient(base: stub, middleware: [Self.retry(sleeps)]).send(
            HTTPRequest(url: url))
        #expect(response.status == 503)
        #expect(stub.requests.count == 3)
        #expect(sleeps.all == [.milliseconds(200), .milliseconds(400)])
    }

    @Test func getStopsRetryingOnceItSucceeds() async throws {
        let stub = StubHTTPClient([
            .failure(NetworkingError(.offline)), .failure(NetworkingError(.timeout)),
            .success(HTTPResponse(status: 200)),
        ])
        let sleeps = Recorder<Duration>()
        let response = try await MiddlewareClient(base: stub, middleware: [Self.retry(sleeps, attempts: 5)])
            .send(HTTPRequest(url: url))
        #expect(response.status == 200)
        #expect(stub.requests.count == 3)
    }

    @Test func theLastConnectionErrorIsThrownAfterTheBound() async throws {
        let stub = StubHTTPClient([.failure(NetworkingError(.offline))])
        let sleeps = Recorder<Duration>()
        await #expect(throws: NetworkingError(.offline)) {
            try await MiddlewareClient(base: stub, middleware: [Self.retry(sleeps, attempts: 4)]).send(
                HTTPRequest(url: url))
        }
        #expect(stub.requests.count == 4)
        #expect(sleeps.all.count == 3)
    }

    @Test func postIsNeverRetried() async throws {
        let stub = StubHTTPClient([.success(HTTPResponse(status: 503))])
        let sleeps = Recorder<Duration>()
        let client = MiddlewareClient(base: stub, middleware: [Self.retry(sleeps)])
        let response = try await client.send(HTTPRequest(method: .post, url: url, body: Data("{}".utf8)))
        #expect(response.status == 503)
        let offline = StubHTTPClient([.failure(NetworkingError(.offline))])
        await #expect(throws: NetworkingError.self) {
            try await MiddlewareClient(base: offline, middleware: [Self.retry(sleeps)])
                .send(HTTPRequest(method: .post, url: url))
        }
        #expect(stub.requests.count == 1)
        #expect(offline.requests.count == 1)
        #expect(sleeps.all.isEmpty)
    }

    @Test func aPostMarkedIdempotentIsRetried() async throws {
        let stub = StubHTTPClient([.success(HTTPResponse(status: 503))])
        let sleeps = Recorder<Duration>()
        _ = try await MiddlewareClient(base: stub, middleware: [Self.retry(sleeps)])
            .send(HTTPRequest(method: .post, url: url, isIdempotent: true))
        #expect(stub.requests.count == 3)
    }

    @Test(arguments: [400, 401, 403, 404, 409, 429, 500, 502])
    func otherStatusesAreNotRetried(status: Int) async throws {
        let stub = StubHTTPClient([.success(HTTPResponse(status: status))])
        let sleeps = Recorder<Duration>()
        let response = try await MiddlewareClient(base: stub, middleware: [Self.retry(sleeps)]).send(
            HTTPRequest(url: url))
        #expect(response.status == status)
        #expect(stub.requests.count == 1)
    }

    @Test func backoffDoublesAppliesJitterAndStaysUnderTheCap() {
        let retry = RetryMiddleware(
            baseDelay: .milliseconds(100), maxDelay: .seconds(1), jitter: { 0.5 }, sleep: { _ in })
        #expect(retry.delay(afterAttempt: 1) == .milliseconds(50))
        #expect(retry.delay(afterAttempt: 2) == .milliseconds(100))
        #expect(retry.delay(afterAttempt: 3) == .milliseconds(200))
        #expect(retry.delay(afterAttempt: 10) == .seconds(1))
        #expect(retry.delay(afterAttempt: 1, retryAfter: 3) == .seconds(1))
    }

    @Test func retriesGoThroughTheLoopbackServer() async throws {
        let seen = Recorder<String>()
        let server = try LoopbackServer { request in
            seen.record(request.target)
            return seen.all.count < 3 ? .text(503, "busy") : .text(200, "ok")
        }
        defer { server.stop() }
        let sleeps = Recorder<Duration>()
        let client = MiddlewareClient(base: CurlHTTPClient(), middleware: [Self.retry(sleeps, attempts: 5)])
        let response = try await client.send(HTTPRequest(url: server.url("/flaky")))
        #expect(response.status == 200)
        #expect(server.requests.count == 3)
        #expect(sleeps.all.count == 2)
    }
}
