import Accounts
import Hummingbird
import IdentityWire
import Kernel

extension RouterMethods where Context == KithRequestContext {
    /// Adds `route` for the signed-in caller (else `IdentityError.notSignedIn`): `respond` gets the principal and
    /// returns the value sent back as JSON with `status`.
    @discardableResult
    public func signedIn<Value: Encodable & Sendable>(
        _ route: WireRoute, status: HTTPResponse.Status = .ok,
        respond: @Sendable @escaping (Principal, Request, Context) async throws -> Value
    ) -> Self {
        api(route) { request, context in
            try JSONCoding.response(try await respond(try context.requirePrincipal(), request, context), status: status)
        }
    }

    /// Adds `route` for the signed-in caller (else `IdentityError.notSignedIn`): `perform` gets the principal, and
    /// the answer is an empty 204.
    @discardableResult
    public func signedInNoContent(
        _ route: WireRoute, perform: @Sendable @escaping (Principal, Request, Context) async throws -> Void
    ) -> Self {
        api(route) { request, context in
            try await perform(try context.requirePrincipal(), request, context)
            return JSONCoding.noContent()
        }
    }
}
