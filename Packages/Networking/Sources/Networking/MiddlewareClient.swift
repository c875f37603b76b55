/// An `HTTPClient` that runs each request through middleware before the base client.
///
/// The first middleware is the outermost: with `[retry, bearer, actingAs]` every retry gets fresh
/// headers.
public struct MiddlewareClient: HTTPClient {
    public let base: any HTTPClient
    public let middleware: [any HTTPMiddleware]

    public init(base: any HTTPClient, middleware: [any HTTPMiddleware]) {
        self.base = base
        self.middleware = middleware
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let base = self.base
        var next: HTTPHandler = { try await base.send($0) }
        for step in middleware.reversed() {
            let inner = next
            next = { try await step.handle($0, next: inner) }
        }
        return try await next(request)
    }
}
