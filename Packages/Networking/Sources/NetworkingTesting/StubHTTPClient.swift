import Foundation
import Networking
import Synchronization

/// For the tests of every `<Feature>HTTP` module: an `HTTPClient` that records requests and answers from a script: the first route whose method and path
/// match, else 404.
public final class StubHTTPClient: HTTPClient {
    public struct Route: Sendable {
        public var method: HTTPMethod
        public var path: String
        public var outcome: @Sendable (HTTPRequest) -> Result<HTTPResponse, NetworkingError>
    }

    private let state = Mutex<(requests: [HTTPRequest], routes: [Route])>(([], []))

    public init() {}

    /// Every request sent so far, in order.
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// Answers `method path` with `status` and the JSON `body`.
    public func on(_ method: HTTPMethod, _ path: String, status: Int = 200, json body: String = "{}") {
        on(method, path) { _ in .success(HTTPResponse(status: status, body: Data(body.utf8))) }
    }

    /// Answers `method path` as `outcome` decides.
    public func on(
        _ method: HTTPMethod, _ path: String,
        _ outcome: @escaping @Sendable (HTTPRequest) -> Result<HTTPResponse, NetworkingError>
    ) {
        state.withLock { $0.routes.insert(Route(method: method, path: path, outcome: outcome), at: 0) }
    }

    /// Every request fails as if the server could not be reached.
    public func goOffline() {
        for method in [HTTPMethod.get, .post, .put, .patch, .delete] {
            on(method, "*") { _ in .failure(NetworkingError(.offline)) }
        }
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let route = state.withLock { state -> Route? in
            state.requests.append(request)
            return state.routes.first {
                $0.method == request.method && ($0.path == "*" || $0.path == request.url.path)
            }
        }
        guard let route else {
            return HTTPResponse(status: 404, body: Data(#"{"error":"not_found","message":"No such endpoint"}"#.utf8))
        }
        return try route.outcome(request).get()
    }
}
