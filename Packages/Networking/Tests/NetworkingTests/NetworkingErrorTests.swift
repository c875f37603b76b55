import Foundation
import Networking
import Testing

@Suite("NetworkingError: codes and sentences")
struct NetworkingErrorTests {
    @Test(arguments: [
        (400, NetworkingError.Code.badRequest), (401, .unauthorized), (403, .forbidden), (404, .notFound),
        (409, .conflict), (413, .payloadTooLarge), (429, .rateLimited), (500, .server), (502, .server),
        (503, .server), (302, .unexpectedStatus), (405, .unexpectedStatus), (422, .unexpectedStatus),
    ])
    func statusesMapToCodes(status: Int, code: NetworkingError.Code) {
        let error = NetworkingError(response: HTTPResponse(status: status))
        #expect(error.code == code)
        #expect(error.status == status)
    }

    @Test func theSeedSentencesForFailuresWithoutAMessage() {
        #expect(NetworkingError(.offline).description == "Connection error. Please try again.")
        #expect(NetworkingError(.timeout).description == "Connection timed out")
        #expect(NetworkingError(response: HTTPResponse(status: 500)).description == "Server error")
        #expect(NetworkingError(response: HTTPResponse(status: 503)).description == "Server error")
    }

    @Test func theServersMessageIsTheSentenceFor4xx() {
        let body = Data(#"{"error":"forbidden","message":"That profile is not available to act as"}"#.utf8)
        let error = NetworkingError(response: HTTPResponse(status: 403, body: body))
        #expect(error.code == .forbidden)
        #expect(error.serverError == "forbidden")
        #expect(error.message == "That profile is not available to act as")
        #expect(error.description == "That profile is not available to act as")
    }

    @Test func a5xxKeepsItsMessageButSaysServerError() {
        let body = Data(#"{"error":"internal","message":"database is locked"}"#.utf8)
        let error = NetworkingError(response: HTTPResponse(status: 500, body: body))
        #expect(error.message == "database is locked")
        #expect(error.description == "Server error")
    }

    @Test func aBodyThatIsNotTheErrorShapeIsIgnored() {
        let error = NetworkingError(response: HTTPResponse(status: 404, body: Data("<html>nope</html>".utf8)))
        #expect(error.message == nil)
        #expect(error.description == "Not found")
    }

    @Test func retryAfterInSecondsOrAsADate() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let seconds = NetworkingError(response: HTTPResponse(status: 429, headers: ["retry-after": "120"]), now: now)
        #expect(seconds.code == .rateLimited)
        #expect(seconds.retryAfter == 120)
        #expect(seconds.description == "Too many attempts. Try again in 120 seconds")
        // 1_700_000_000 is Tue, 14 Nov 2023 22:13:20 GMT.
        #expect(NetworkingError.parseRetryAfter("Tue, 14 Nov 2023 22:14:20 GMT", now: now) == 60)
        #expect(NetworkingError.parseRetryAfter("soon", now: now) == nil)
        #expect(NetworkingError(response: HTTPResponse(status: 429)).retryAfter == nil)
    }

    @Test func headersLookUpWithoutCase() {
        var headers: HTTPHeaders = ["Content-Type": "application/json", "Set-Cookie": "a=1"]
        headers.add(name: "set-cookie", value: "b=2")
        #expect(headers["content-type"] == "application/json")
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        headers["SET-cookie"] = "c=3"
        #expect(headers.values(for: "Set-Cookie") == ["c=3"])
        headers["Content-Type"] = nil
        #expect(!headers.contains("content-type"))
        #expect(!headers.description.contains("c=3"))
    }

    @Test func idempotencyFollowsTheMethodUnlessSet() {
        let url = URL(string: "http://127.0.0.1/")!
        #expect(HTTPRequest(method: .get, url: url).isIdempotent)
        #expect(HTTPRequest(method: .put, url: url).isIdempotent)
        #expect(HTTPRequest(method: .delete, url: url).isIdempotent)
        #expect(!HTTPRequest(method: .post, url: url).isIdempotent)
        #expect(!HTTPRequest(method: .patch, url: url).isIdempotent)
        #expect(HTTPRequest(method: .post, url: url, isIdempotent: true).isIdempotent)
        var request = HTTPRequest(method: .get, url: url)
        request.isIdempotent = false
        #expect(!request.isIdempotent)
    }
}
