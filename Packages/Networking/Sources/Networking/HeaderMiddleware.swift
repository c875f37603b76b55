/// Sets one header on every request that does not set it already: a client's constant, such as the label a
/// `kith-server` records where a session is made (`X-Kith-Client: kith on HOST`).
public struct HeaderMiddleware: HTTPMiddleware {
    public let name: String
    public let value: String

    /// Sends `name: value` on every request.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    public func handle(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        var request = request
        if request.headers[name] == nil { request.headers[name] = value }
        return try await next(request)
    }
}
