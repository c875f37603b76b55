/// Sends one HTTP request and returns its response.
///
/// Conformers return every status as a response; they throw `NetworkingError` only when no response
/// arrived (offline, DNS, timeout, ...) and `CancellationError` when the task was cancelled.
public protocol HTTPClient: Sendable {
    /// Sends `request` and waits for the whole response.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
