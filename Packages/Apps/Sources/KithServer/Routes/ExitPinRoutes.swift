import Households
import Hummingbird
import IdentityWire

/// The exit PINs of managed members over `IdentityRoute`: the domain decides who may and keeps the wrong-PIN limit
/// in the database, so every server on it counts the same attempts.
struct ExitPinRoutes: Sendable {
    let pins: any ExitPinService

    func add(to api: RouterGroup<KithRequestContext>) {
        api.signedIn(IdentityRoute.exitPin) { principal, _, context in
            let status = try await pins.exitPinStatus(
                principal, member: try context.parameters.text("member"))
            return ExitPinStatusJSON(status)
        }
        api.signedIn(IdentityRoute.setExitPin) { principal, request, context in
            let body = try await request.decodeJSON(ExitPinSetBody.self, context: context)
            let member = try await pins.setExitPin(
                principal, member: try context.parameters.text("member"), password: body.password, pin: body.pin)
            return MemberJSON(member)
        }
        api.signedIn(IdentityRoute.clearExitPin) { principal, request, context in
            let body = try await request.decodeJSON(ExitPinClearBody.self, context: context)
            let member = try await pins.clearExitPin(
                principal, member: try context.parameters.text("member"), password: body.password)
            return MemberJSON(member)
        }
        api.signedInNoContent(IdentityRoute.verifyExitPin) { principal, request, context in
            let body = try await request.decodeJSON(ExitPinVerifyBody.self, context: context)
            try await pins.verifyExitPin(principal, member: try context.parameters.text("member"), pin: body.pin)
        }
    }
}
