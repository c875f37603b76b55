import Foundation
import Networking
import Testing

@Suite("JSONClient over CurlHTTPClient")
struct JSONClientTests {
    struct Member: Codable, Equatable, Sendable {
        var id: String
        var name: String
        var joinedAt: Date
    }

    struct Join: Codable, Sendable {
        var code: String
    }

    @Test func encodesTheBodyAndDecodesTheResponseWithISODates() async throws {
        let server = try LoopbackServer { _ in
            .json(200, #"{"id":"m1","name":"Dana","joinedAt":"2026-02-08T10:30:00Z"}"#)
        }
        defer { server.stop() }
        let json = JSONClient.plain(CurlHTTPClient(), baseURL: server.baseURL)
        let member: Member = try await json.send(.post, "/api/family/code/join", body: Join(code: "FAM-ABC123"))

        #expect(member == Member(id: "m1", name: "Dana", joinedAt: Date(timeIntervalSince1970: 1_770_546_600)))
        let received = try #require(server.requests.first)
        #expect(received.method == "POST")
        #expect(received.target == "/api/family/code/join")
        #expect(received.headers["Content-Type"] == "application/json")
        #expect(received.headers["Accept"] == "application/json")
        #expect(String(decoding: received.body, as: UTF8.self) == #"{"code":"FAM-ABC123"}"#)
    }

    @Test func pathsAreAppendedToTheBaseURL() throws {
        let json = JSONClient.plain(StubHTTPClient(), baseURL: URL(string: "http://h:1/root/")!)
        #expect(try json.url(for: "/api/x?y=1").absoluteString == "http://h:1/root/api/x?y=1")
        #expect(try json.url(for: "api").absoluteString == "http://h:1/root/api")
    }

    @Test(arguments: [
        (400, NetworkingError.Code.badRequest), (401, .unauthorized), (403, .forbidden), (404, .notFound),
        (409, .conflict), (413, .payloadTooLarge), (429, .rateLimited), (500, .server),
    ])
    func nonSuccessStatusesThrowTheirCode(status: Int, code: NetworkingError.Code) async throws {
        let server = try LoopbackServer { _ in
            .json(status, #"{"error":"e","message":"Message \#(status)"}"#, headers: ["Retry-After": "42"])
        }
        defer { server.stop() }
        let json = JSONClient.plain(CurlHTTPClient(), baseURL: server.baseURL)
        let error = await #expect(throws: NetworkingError.self) {
            try await json.send(.delete, "/api/family/members/x", as: NoContent.self)
        }
        #expect(error?.code == code)
        #expect(error?.status == status)
        #expect(error?.message == "Message \(status)")
        #expect(error?.description == (status >= 500 ? "Server error" : "Message \(status)"))
        #expect(error?.retryAfter == 42)
    }

    @Test func theActingAsRefusalSurfacesAsTheServerSaysIt() async throws {
        let server = try LoopbackServer { request in
            request.headers["X-Acting-As-Member"] == "managed_other"
                ? .json(403, #"{"error":"forbidden","message":"That profile is not available to act as"}"#)
                : .json(200, "[]")
        }
        defer { server.stop() }
        let client = MiddlewareClient(base: CurlHTTPClient(), middleware: [ActingAsMiddleware { "managed_other" }])
        let json = JSONClient.plain(client, baseURL: server.baseURL)
        let error = await #expect(throws: NetworkingError.self) { try await json.get("/api/prefs", as: [String].self) }
        #expect(error?.code == .forbidden)
        #expect(error?.description == "That profile is not available to act as")
    }

    @Test func noContentIgnoresAnEmptyBody() async throws {
        let server = try LoopbackServer { _ in ScriptedResponse(status: 204) }
        defer { server.stop() }
        let result = try await JSONClient.plain(CurlHTTPClient(), baseURL: server.baseURL)
            .send(.delete, "/api/family/members/m1", as: NoContent.self)
        #expect(result == NoContent())
    }

    @Test func anUndecodableBodyIsAnInvalidResponse() async throws {
        let server = try LoopbackServer { _ in .json(200, "not json") }
        defer { server.stop() }
        let error = await #expect(throws: NetworkingError.self) {
            try await JSONClient.plain(CurlHTTPClient(), baseURL: server.baseURL).get("/x", as: Member.self)
        }
        #expect(error?.code == .invalidResponse)
    }
}

extension JSONClient {
    /// A client with ISO 8601 dates and sorted keys: JSONClient has no JSON of its own, its composer gives it one.
    static func plain(_ client: any HTTPClient, baseURL: URL) -> JSONClient {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return JSONClient(client: client, baseURL: baseURL, encoder: encoder, decoder: decoder)
    }
}
