import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Networking

/// The project's `HTTPClient` over the real Hummingbird router, in-process: the feature `HTTP*Service`s send through
/// it exactly what they send through libcurl, and read exactly what the server's routes answer. No hand-typed
/// JSON on either side, so a client and the server cannot disagree without a test failing.
struct RouterHTTPClient: Networking.HTTPClient {
    let client: any TestClientProtocol

    /// The base URL the services are given; only its path and query reach the router.
    static let baseURL = URL(string: "http://kith.test")!

    func send(_ request: Networking.HTTPRequest) async throws -> Networking.HTTPResponse {
        var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        components?.scheme = nil
        components?.host = nil
        let uri = components?.string ?? request.url.path
        var headers = HTTPFields()
        for header in request.headers {
            if let name = HTTPField.Name(header.name) { headers.append(HTTPField(name: name, value: header.value)) }
        }
        let method = HTTPTypes.HTTPRequest.Method(rawValue: request.method.rawValue)!
        let response = try await client.executeRequest(
            uri: uri, method: method, headers: headers, body: request.body.map { ByteBuffer(bytes: $0) })
        var answer = Networking.HTTPHeaders()
        for field in response.headers { answer.add(name: field.name.rawName, value: field.value) }
        return Networking.HTTPResponse(
            status: Int(response.status.code), headers: answer, body: Data(response.body.readableBytesView))
    }
}

extension TestServer {
    /// Runs `test` with the router's test client (to set up accounts) and a `JSONClient` whose requests go to the
    /// same router in-process (for the HTTP services under test).
    func withJSONClient<Value: Sendable>(
        _ test: @Sendable (any TestClientProtocol, JSONClient) async throws -> Value
    ) async throws -> Value {
        try await self.test(.router) { client in
            try await test(
                client, JSONClient(client: RouterHTTPClient(client: client), baseURL: RouterHTTPClient.baseURL))
        }
    }
}
