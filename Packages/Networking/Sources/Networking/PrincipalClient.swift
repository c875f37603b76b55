import Foundation

/// A `JSONClient` that makes each request as a caller: `Authorization: Bearer` with the caller's token and, while
/// the caller acts as a managed member, `X-Acting-As-Member`. Every failure goes through `mapError`, so a feature's
/// HTTP service throws the refusals its local service would.
///
/// Generic over the caller so that Networking knows nothing of Identity: the feature HTTP services use it with
/// Identity's `Principal` (IdentityHTTP adds that initializer).
public struct PrincipalClient<Caller: Sendable>: Sendable {
    /// What a request carries for its caller.
    public struct Credentials: Sendable, Equatable {
        /// The raw session token.
        public var token: String
        /// The managed member acted as, or nil when the caller acts as itself.
        public var actingAsMemberId: String?

        public init(token: String, actingAsMemberId: String?) {
            self.token = token
            self.actingAsMemberId = actingAsMemberId
        }

        /// The request headers: the bearer token and, while acting, the member.
        public var headers: HTTPHeaders {
            var headers: HTTPHeaders = ["Authorization": "Bearer \(token)"]
            if let actingAsMemberId { headers[ActingAsMiddleware.headerName] = actingAsMemberId }
            return headers
        }
    }

    let client: JSONClient
    let credentials: @Sendable (Caller) async throws -> Credentials
    let mapError: @Sendable (any Error) -> any Error

    /// Requests through `client` with the credentials `credentials` gives for a caller, failures mapped by `mapError`.
    public init(
        client: JSONClient, credentials: @escaping @Sendable (Caller) async throws -> Credentials,
        mapError: @escaping @Sendable (any Error) -> any Error
    ) {
        self.client = client
        self.credentials = credentials
        self.mapError = mapError
    }

    /// `method path` without a body, as `caller`.
    public func send<Response: Decodable & Sendable>(
        _ method: HTTPMethod, _ path: String, _ caller: Caller
    ) async throws -> Response {
        try await mappingErrors { try await client.send(method, path, headers: try await credentials(caller).headers) }
    }

    /// `method path` with `body` as JSON, as `caller`.
    public func send<Body: Encodable & Sendable, Response: Decodable & Sendable>(
        _ method: HTTPMethod, _ path: String, _ caller: Caller, body: Body
    ) async throws -> Response {
        try await mappingErrors {
            try await client.send(method, path, body: body, headers: try await credentials(caller).headers)
        }
    }

    /// `method path` without a body, as `caller`: the response body as it came (a document kept as its bytes).
    public func data(_ method: HTTPMethod, _ path: String, _ caller: Caller) async throws -> Data {
        try await mappingErrors {
            try await client.response(method, path, body: nil, headers: try await credentials(caller).headers).body
        }
    }

    private func mappingErrors<Response>(_ call: () async throws -> Response) async throws -> Response {
        do {
            return try await call()
        } catch {
            throw mapError(error)
        }
    }
}
