import Foundation
import Networking
import Synchronization

/// An `HTTPClient` that records requests and answers from a script: the first route whose method and path
/// match, else 404.
final class StubHTTPClient: HTTPClient {
    struct Route: Sendable {
        var method: HTTPMethod
        var path: String
        var outcome: @Sendable (HTTPRequest) -> Result<HTTPResponse, NetworkingError>
    }

    private let state = Mutex<(requests: [HTTPRequest], routes: [Route])>(([], []))

    init() {}

    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// Answers `method path` with `status` and the JSON `body`.
    func on(_ method: HTTPMethod, _ path: String, status: Int = 200, json body: String = "{}") {
        on(method, path) { _ in .success(HTTPResponse(status: status, body: Data(body.utf8))) }
    }

    /// Answers `method path` as `outcome` decides.
    func on(
        _ method: HTTPMethod, _ path: String,
        _ outcome: @escaping @Sendable (HTTPRequest) -> Result<HTTPResponse, NetworkingError>
    ) {
        state.withLock { $0.routes.insert(Route(method: method, path: path, outcome: outcome), at: 0) }
    }

    /// Every request fails as if the server could not be reached.
    func goOffline() {
        on(.get, "*") { _ in .failure(NetworkingError(.offline)) }
        for method in [HTTPMethod.post, .put, .patch, .delete] {
            on(method, "*") { _ in .failure(NetworkingError(.offline)) }
        }
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
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
