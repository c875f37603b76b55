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
        api.signedIn(ProfileSessionRoute.profiles) { principal, _, context in
            let account = try await identity.account(principal)
            let household = try await identity.activeHousehold(principal)
            let activeId = principal.actingAs?.memberId ?? account.id
            let profiles = ProfileSessionManager.switchableProfiles(of: account, in: household)
            return profiles.map { SwitchableProfileJSON($0, active: $0.memberId == activeId) }
        }
        api.signedIn(IdentityRoute.activity) { principal, request, context in
            let records =
                if let member = request.query("member") {
                    try await identity.memberActivity(principal, member: member)
                } else {
                    try await identity.actingRecords(principal)
                }
            return records.map(ActingRecordJSON.init)
        }
    }
}
