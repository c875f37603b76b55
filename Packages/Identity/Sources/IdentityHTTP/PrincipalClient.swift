import Identity
import Networking

/// A `JSONClient` that makes each request as a principal: `Authorization: Bearer` with its token and,
/// while it acts as a managed member, `X-Acting-As-Member`. Every failure goes through `mapError`, so a
/// feature's HTTP service throws the refusals its local service would.
///
/// The feature HTTP services (Preferences, FamilyCodes, Circles) are built on it; `HTTPIdentityService`
/// keeps its own calls, which also run without a principal (sign-up, sign-in).
public struct PrincipalClient: Sendable {
    let client: JSONClient
    let token: @Sendable (Principal) async throws -> String
    let mapError: @Sendable (any Error) -> any Error

    /// Requests through `client`, with the token `token` gives for a principal, failures mapped by `mapError`.
    public init(
        client: JSONClient, token: @escaping @Sendable (Principal) async throws -> String,
        mapError: @escaping @Sendable (any Error) -> any Error
    ) {
        self.client = client
        self.token = token
        self.mapError = mapError
    }

    /// `method path` without a body, as `principal`.
    public func send<Response: Decodable & Sendable>(
        _ method: HTTPMethod, _ path: String, _ principal: Principal
    ) async throws -> Response {
        do {
            return try await client.send(method, path, headers: try await headers(principal))
        } catch {
            throw mapError(error)
        }
    }

    /// `method path` with `body` as JSON, as `principal`.
    public func send<Body: Encodable & Sendable, Response: Decodable & Sendable>(
        _ method: HTTPMethod, _ path: String, _ principal: Principal, body: Body
    ) async throws -> Response {
        do {
            return try await client.send(method, path, body: body, headers: try await headers(principal))
        } catch {
            throw mapError(error)
        }
    }

    private func headers(_ principal: Principal) async throws -> HTTPHeaders {
        HTTPIdentityService.headers(token: try await token(principal), actingAs: principal.actingAs)
    }
}
