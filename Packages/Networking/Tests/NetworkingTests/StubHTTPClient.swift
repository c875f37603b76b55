import Foundation
import Networking
import Synchronization

/// An `HTTPClient` that records requests and plays back scripted outcomes in order (the last repeats).
final class StubHTTPClient: HTTPClient {
    private let state: Mutex<(requests: [HTTPRequest], outcomes: [Result<HTTPResponse, NetworkingError>])>

    init(_ outcomes: [Result<HTTPResponse, NetworkingError>] = [.success(HTTPResponse(status: 200))]) {
        state = Mutex(([], outcomes))
    }

    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let outcome = state.withLock { state in
            state.requests.append(request)
            return state.outcomes.count > 1 ? state.outcomes.removeFirst() : state.outcomes[0]
        }
        return try outcome.get()
    }
}

/// Records what it is given, for injected sleeps.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    func record(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}
