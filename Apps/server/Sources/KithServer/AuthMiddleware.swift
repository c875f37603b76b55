import Foundation
import HTTPTypes
import Hummingbird
import Identity
import IdentityWire
import ProfileSession

/// Authenticates every non-public route: the bearer token gives the account, and `X-Acting-As-Member`, when
/// present, must name a managed member of the account's active household that the account guards.
///
/// Missing, malformed, unknown, expired and ended tokens are all the same 401; every failing
/// `X-Acting-As-Member` is the same 403 body, so neither reveals which case it was.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = KithRequestContext

    let identity: any IdentityService

    /// The `X-Acting-As-Member` header field.
    static let actingAsField = HTTPField.Name(WireHeaders.actingAsMember)!

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let token = Self.bearerToken(request.headers) else { throw APIError.unauthorized }
        var principal: Principal
        do {
            principal = try await identity.principal(forToken: token)
        } catch IdentityError.notSignedIn {
            throw APIError.unauthorized
        }
        let acting = request.headers[values: Self.actingAsField]
        if !acting.isEmpty {
            guard acting.count == 1 else { throw APIError.actingAsForbidden }
            let memberId = acting[0].trimmingCharacters(in: .whitespaces)
            let household = try await identity.activeHousehold(principal)
            do {
                principal.actingAs = try ProfileSessionManager.actingAs(
                    memberId: memberId, accountId: principal.accountId, activeHousehold: household)
            } catch {
                throw APIError.actingAsForbidden
            }
        }
        var context = context
        context.principal = principal
        return try await next(request, context)
    }

    /// The token of `Authorization: Bearer TOKEN` (the scheme is case-insensitive), else nil.
    static func bearerToken(_ headers: HTTPFields) -> String? {
        let values = headers[values: .authorization]
        guard values.count == 1 else { return nil }
        let parts = values[0].split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
