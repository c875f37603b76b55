import Hummingbird
import Identity
import IdentityWire
import ProfileSession
import ProfileSessionWire

/// Acting as a managed member over HTTP is stateless: each request carries `X-Acting-As-Member` (checked by
/// `AuthMiddleware`). These routes list whom the caller may act as, and what it did while acting.
struct ProfileSessionRoutes: Sendable {
    let identity: any IdentityService

    func add(to api: RouterGroup<KithRequestContext>) {
        api.api(ProfileSessionRoute.profiles) { _, context in
            let principal = try context.requirePrincipal()
            let account = try await identity.account(principal)
            let household = try await identity.activeHousehold(principal)
            let activeId = principal.actingAs?.memberId ?? account.id
            let profiles = ProfileSessionManager.switchableProfiles(of: account, in: household)
            return try JSONCoding.response(
                profiles.map { SwitchableProfileJSON($0, active: $0.memberId == activeId) })
        }
        api.api(IdentityRoute.activity) { request, context in
            let principal = try context.requirePrincipal()
            let records =
                if let member = request.query("member") {
                    try await identity.memberActivity(principal, member: member)
                } else {
                    try await identity.actingRecords(principal)
                }
            return try JSONCoding.response(records.map(ActingRecordJSON.init))
        }
    }
}
