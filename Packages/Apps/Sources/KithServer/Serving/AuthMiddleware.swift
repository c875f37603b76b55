import Accounts
import Foundation
import HTTPTypes
import Hummingbird
import Identity
import IdentityWire
import Kernel
import ProfileSession

/// Authenticates every non-public route: the bearer token gives the account, and `X-Acting-As-Member`, when
/// present, must name a managed member of the account's active household that the account guards.
///
/// Missing, malformed, unknown, expired and ended tokens are all the same 401; every failing
/// `X-Acting-As-Member` is the same 403 body, so neither reveals which case it was.
///
/// A token seen before is not looked up again (`BearerPrincipals`): the route's service call authenticates it in
/// its own transaction. When such a request fails and no call found its session live (`SessionCheck`), the
/// session is checked before answering, so an ended session is always 401, whatever else was wrong with the request.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = KithRequestContext

    let identity: any IdentityService
    let principals: BearerPrincipals

    /// The `X-Acting-As-Member` header field.
    static let actingAsField = HTTPField.Name(WireHeaders.actingAsMember)!

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let token = Self.bearerToken(request.headers) else { throw APIError.unauthorized }
        var (principal, cached): (Principal, Bool)
        do {
            (principal, cached) = try await principals.principal(forToken: token)
        } catch IdentityError.notSignedIn {
            throw APIError.unauthorized
        }
        if cached { principal.sessionCheck = SessionCheck() }
        do {
            try await act(as: request.headers[values: Self.actingAsField], &principal)
            var context = context
            context.principal = principal
            return try await next(request, context)
        } catch let error where cached && principal.sessionCheck?.foundLive != true {
            // No call found the session live: an ended one answers 401, not the route's error.
            do {
                try await principals.confirm(token: token)
            } catch IdentityError.notSignedIn {
                throw APIError.unauthorized
            }
            throw error
        }
    }

    /// Sets `principal.actingAs` from the `X-Acting-As-Member` values, when there are any.
    private func act(as acting: [String], _ principal: inout Principal) async throws {
        guard !acting.isEmpty else { return }
        guard acting.count == 1 else { throw APIError.actingAsForbidden }
        let memberId = acting[0].trimmingWhitespace()
        let household = try await identity.activeHousehold(principal)
        do {
            principal.actingAs = try ProfileSessionManager.actingAs(
                memberId: memberId, accountId: principal.accountId, activeHousehold: household)
        } catch {
            throw APIError.actingAsForbidden
        }
    }

    /// The token of `Authorization: Bearer TOKEN` (the scheme is case-insensitive), else nil.
    static func bearerToken(_ headers: HTTPFields) -> String? {
        let values = headers[values: .authorization]
        guard values.count == 1 else { return nil }
        let parts = values[0].split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = String(parts[1]).trimmingWhitespace()
        return token.isEmpty ? nil : token
    }
}
