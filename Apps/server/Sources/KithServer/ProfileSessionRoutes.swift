import Foundation
import Hummingbird
import Identity
import ProfileSession

/// Acting as a managed member over HTTP is stateless: each request carries `X-Acting-As-Member` (checked by
/// `AuthMiddleware`). These routes list whom the caller may act as, and what it did while acting.
struct ProfileSessionRoutes: Sendable {
    let identity: any IdentityService

    struct ProfileJSON: Encodable, Sendable {
        let memberId: String
        let displayName: String
        let typeLabel: String
        let isManaged: Bool
        let active: Bool
        let avatarKey: String
        let monogram: String

        init(_ profile: SwitchableProfile, active: Bool) {
            memberId = profile.memberId
            displayName = profile.displayName
            typeLabel = profile.typeLabel
            isManaged = profile.isManaged
            self.active = active
            avatarKey = profile.avatarKey
            monogram = profile.monogram
        }
    }

    struct ActivityJSON: Encodable, Sendable {
        let id: String
        let actorAccountId: String
        let subjectMemberId: String
        let subjectDisplayName: String
        let action: String
        let at: Date

        init(_ record: ActingRecord) {
            id = record.id
            actorAccountId = record.actorAccountId
            subjectMemberId = record.subjectMemberId
            subjectDisplayName = record.subjectDisplayName
            action = record.action
            at = record.at
        }
    }

    func add(to api: RouterGroup<KithRequestContext>) {
        api.get("profiles") { _, context in
            let principal = try context.requirePrincipal()
            let account = try await identity.account(principal)
            let household = try await identity.activeHousehold(principal)
            let activeId = principal.actingAs?.memberId ?? account.id
            let profiles = ProfileSessionManager.switchableProfiles(of: account, in: household)
            return try JSONCoding.response(profiles.map { ProfileJSON($0, active: $0.memberId == activeId) })
        }
        api.get("activity") { _, context in
            let records = try await identity.actingRecords(try context.requirePrincipal())
            return try JSONCoding.response(records.map(ActivityJSON.init))
        }
    }
}
