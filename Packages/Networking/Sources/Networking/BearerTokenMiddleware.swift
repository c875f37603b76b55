/// Adds `Authorization: Bearer <token>` from an injected source; no header when the source gives nil.
///
/// The token is read per request and kept nowhere else; `HTTPHeaders.description` redacts it.
public struct BearerTokenMiddleware: HTTPMiddleware {
    private let token: @Sendable () async throws -> String?

    /// `token` is asked on every request (e.g. the credentials file's token for the current account).
    public init(token: @escaping @Sendable () async throws -> String?) {
        self.token = token
    }

    public func handle(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        var request = request
        if let token = try await token(), !token.isEmpty {
            request.headers["Authorization"] = "Bearer \(token)"
        }
        return try await next(request)
    }
}
