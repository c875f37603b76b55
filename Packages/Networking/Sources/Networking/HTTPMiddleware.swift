/// The rest of a middleware chain: the next middleware, or the base client at the end.
public typealias HTTPHandler = @Sendable (HTTPRequest) async throws -> HTTPResponse

/// One step around every request: change it, send it on with `next`, look at or replace the response.
public protocol HTTPMiddleware: Sendable {
    /// Handles `request`, usually by calling `next` once (or more, to retry).
    func handle(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse
}
