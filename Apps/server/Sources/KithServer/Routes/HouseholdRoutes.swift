import Hummingbird
import Identity
import IdentityWire

/// Households and their managed members over `IdentityRoute`: everything but reading is refused by the domain
/// while acting.
struct HouseholdRoutes: Sendable {
    let identity: any IdentityService

    func add(to api: RouterGroup<KithRequestContext>) {
        api.api(IdentityRoute.households) { _, context in
            let households = try await identity.households(try context.requirePrincipal())
            return try JSONCoding.response(households.map { HouseholdJSON($0) })
        }
        api.api(IdentityRoute.createHousehold) { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(HouseholdNameBody.self, context: context)
            let household = try await identity.createHousehold(principal, name: body.name)
            return try JSONCoding.response(HouseholdJSON(household), status: .created)
        }
        api.api(IdentityRoute.household) { _, context in
            let household = try await identity.requireActiveHousehold(try context.requirePrincipal())
            return try JSONCoding.response(HouseholdJSON(household))
        }
        api.api(IdentityRoute.renameHousehold) { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(HouseholdNameBody.self, context: context)
            let household = try await identity.renameHousehold(principal, name: body.name)
            return try JSONCoding.response(HouseholdJSON(household))
        }
        api.api(IdentityRoute.useHousehold) { _, context in
            let principal = try context.requirePrincipal()
            let household = try await identity.useHousehold(principal, try context.parameters.text("household"))
            return try JSONCoding.response(HouseholdJSON(household))
        }
        api.api(IdentityRoute.leaveHousehold) { _, context in
            let principal = try context.requirePrincipal()
            try await identity.leaveHousehold(principal, try context.parameters.text("household"))
            return JSONCoding.noContent()
        }

        // MARK: - Members of the active household

        api.api(IdentityRoute.members) { _, context in
            let household = try await identity.requireActiveHousehold(try context.requirePrincipal())
            return try JSONCoding.response(household.members.map(MemberJSON.init))
        }
        api.api(IdentityRoute.addMember) { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(ManagedMemberBody.self, context: context)
            let member = try await identity.addManagedMember(
                principal, displayName: body.displayName, avatarKey: body.avatarKey ?? "")
            return try JSONCoding.response(MemberJSON(member), status: .created)
        }
        api.api(IdentityRoute.removeMember) { _, context in
            let principal = try context.requirePrincipal()
            let member = try await identity.removeMember(principal, try context.parameters.text("member"))
            return try JSONCoding.response(MemberJSON(member))
        }
        api.api(IdentityRoute.addGuardian) { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(GuardianBody.self, context: context)
            let member = try await identity.addGuardian(
                principal, member: try context.parameters.text("member"), email: body.email)
            return try JSONCoding.response(MemberJSON(member))
        }
        api.api(IdentityRoute.removeGuardian) { _, context in
            let principal = try context.requirePrincipal()
            let member = try await identity.removeGuardian(
                principal, member: try context.parameters.text("member"), email: try context.parameters.text("email"))
            return try JSONCoding.response(MemberJSON(member))
        }
        api.api(IdentityRoute.graduateMember) { _, context in
            let principal = try context.requirePrincipal()
            let grant = try await identity.graduateMember(principal, try context.parameters.text("member"))
            return try JSONCoding.response(ClaimCodeJSON(grant), status: .created)
        }
    }
}
