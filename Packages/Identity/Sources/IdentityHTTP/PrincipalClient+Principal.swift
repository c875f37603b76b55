import Accounts
import Foundation
import IdentityWire
import Kernel
import Networking

extension PrincipalClient where Caller == Principal {
    /// Requests as a `Principal`: `token` gives its raw token (the credentials file's); the member it acts as, if
    /// any, goes in `X-Acting-As-Member`. Server refusals become the domain errors of `errors`, then Identity's.
    public init(
        client: JSONClient, token: @escaping @Sendable (Principal) async throws -> String,
        errors: [any WireCodedError.Type]
    ) {
        let mapper = WireErrorMapper(errors)
        self.init(
            client: client,
            credentials: { principal in
                Credentials(token: try await token(principal), actingAsMemberId: principal.actingAs?.memberId)
            },
            mapError: mapper.map)
    }

    /// `route` filled with `parameters`, without a body.
    public func send<Response: Decodable & Sendable>(
        _ route: WireRoute, _ parameters: String..., as principal: Principal, query: String = ""
    ) async throws -> Response {
        try await send(HTTPMethod(rawValue: route.method), route.path(parameters) + query, principal)
    }

    /// `route` filled with `parameters`, without a body: the response body as its bytes.
    public func data(_ route: WireRoute, _ parameters: String..., as principal: Principal) async throws -> Data {
        try await data(HTTPMethod(rawValue: route.method), route.path(parameters), principal)
    }

    /// `route` filled with `parameters`, with `body` as JSON.
    public func send<Body: Encodable & Sendable, Response: Decodable & Sendable>(
        _ route: WireRoute, _ parameters: String..., as principal: Principal, body: Body
    ) async throws -> Response {
        try await send(HTTPMethod(rawValue: route.method), route.path(parameters), principal, body: body)
    }
}
