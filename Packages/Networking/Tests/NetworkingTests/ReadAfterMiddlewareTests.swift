import Foundation
import Networking
import Testing

@Suite("Middleware: the causal token")
struct ReadAfterMiddlewareTests {
    static func answer(_ token: String?) -> Result<HTTPResponse, NetworkingError> {
        .success(HTTPResponse(status: 200, headers: token.map { ["Kith-Read-After": $0] } ?? [:]))
    }

    static func request(_ server: String, _ bearer: String?) -> HTTPRequest {
        HTTPRequest(
            url: URL(string: server + "/api/me")!, headers: bearer.map { ["Authorization": "Bearer \($0)"] } ?? [:])
    }

    @Test func theNewestTokenIsSentBackToTheSameServerForTheSameAccount() async throws {
        // Answers: a commit at 0/20, one at 1/0, an older one (another server's order), then none.
        let stub = StubHTTPClient([Self.answer("0/20"), Self.answer("1/0"), Self.answer("0/30"), Self.answer(nil)])
        let client = MiddlewareClient(base: stub, middleware: [ReadAfterMiddleware()])
        let (a, b) = ("http://127.0.0.1:8080", "http://127.0.0.1:9090")
        for _ in 0..<4 { _ = try await client.send(Self.request(a, "ann")) }
        _ = try await client.send(Self.request(a, "bo"))
        _ = try await client.send(Self.request(b, "ann"))
        _ = try await client.send(Self.request(a, "ann"))
        let sent = stub.requests.map { $0.headers["Kith-Read-After"] }
        #expect(sent == [nil, "0/20", "1/0", "1/0", nil, nil, "1/0"])
    }

    @Test func aMalformedTokenIsNotKept() async throws {
        let stub = StubHTTPClient([Self.answer("not a position"), Self.answer(nil)])
        let client = MiddlewareClient(base: stub, middleware: [ReadAfterMiddleware()])
        for _ in 0..<2 { _ = try await client.send(Self.request("http://127.0.0.1:8080", "ann")) }
        #expect(stub.requests.allSatisfy { !$0.headers.contains("Kith-Read-After") })
    }
}
