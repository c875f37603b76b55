import Hummingbird
import Identity
import IdentityWire

/// The exit PINs of managed members over `IdentityRoute`: the domain decides who may and keeps the wrong-PIN limit
/// in the database, so every server on it counts the same attempts.
struct ExitPinRoutes: Sendable {
    let pins: any ExitPinService

    func add(to api: RouterGroup<KithRequestContext>) {
        api.api(IdentityRoute.exitPin) { _, context in
            let status = try await pins.exitPinStatus(
                try context.requirePrincipal(), member: try context.parameters.text("member"))
            return try JSONCoding.response(ExitPinStatusJSON(status))
        }
        api.api(IdentityRoute.setExitPin) { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(ExitPinSetBody.self, context: context)
            let member = try await pins.setExitPin(
                principal, member: try context.parameters.text("member"), password: body.password, pin: body.pin)
            return try JSONCoding.response(MemberJSON(member))
        }
        api.api(IdentityRoute.clearExitPin) { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(ExitPinClearBody.self, context: context)
            let member = try await pins.clearExitPin(
                principal, member: try context.parameters.text("member"), password: body.password)
            return try JSONCoding.response(MemberJSON(member))
        }
        api.api(IdentityRoute.verifyExitPin) { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(ExitPinVerifyBody.self, context: context)
            try await pins.verifyExitPin(principal, member: try context.parameters.text("member"), pin: body.pin)
            return JSONCoding.noContent()
        }
    }
}
