import Hummingbird
import Identity

/// Households and their managed members: everything but reading is refused by the domain while acting.
struct HouseholdRoutes: Sendable {
    let identity: any IdentityService

    func add(to api: RouterGroup<KithRequestContext>) {
        api.get("households") { _, context in
            let households = try await identity.households(try context.requirePrincipal())
            return try JSONCoding.response(households.map(IdentityJSON.HouseholdJSON.init))
        }
        api.post("households") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(IdentityJSON.HouseholdNameBody.self, context: context)
            let household = try await identity.createHousehold(principal, name: body.name)
            return try JSONCoding.response(IdentityJSON.HouseholdJSON(household), status: .created)
        }
        api.get("household") { _, context in
            guard let household = try await identity.activeHousehold(try context.requirePrincipal()) else {
                throw IdentityError.noActiveHousehold
            }
            return try JSONCoding.response(IdentityJSON.HouseholdJSON(household))
        }
        api.put("household/name") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(IdentityJSON.HouseholdNameBody.self, context: context)
            let household = try await identity.renameHousehold(principal, name: body.name)
            return try JSONCoding.response(IdentityJSON.HouseholdJSON(household))
        }
        api.post("households/{household}/use") { _, context in
            let principal = try context.requirePrincipal()
            let household = try await identity.useHousehold(principal, try context.parameters.text("household"))
            return try JSONCoding.response(IdentityJSON.HouseholdJSON(household))
        }
        api.post("households/{household}/leave") { _, context in
            let principal = try context.requirePrincipal()
            try await identity.leaveHousehold(principal, try context.parameters.text("household"))
            return JSONCoding.noContent()
        }

        // MARK: - Members of the active household

        api.get("members") { _, context in
            guard let household = try await identity.activeHousehold(try context.requirePrincipal()) else {
                throw IdentityError.noActiveHousehold
            }
            return try JSONCoding.response(household.members.map(IdentityJSON.MemberJSON.init))
        }
        api.post("members") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(IdentityJSON.MemberBody.self, context: context)
            let member = try await identity.addManagedMember(
                principal, displayName: body.displayName, avatarKey: body.avatarKey ?? "")
            return try JSONCoding.response(IdentityJSON.MemberJSON(member), status: .created)
        }
        api.delete("members/{member}") { _, context in
            let principal = try context.requirePrincipal()
            let member = try await identity.removeMember(principal, try context.parameters.text("member"))
            return try JSONCoding.response(IdentityJSON.MemberJSON(member))
        }
        api.post("members/{member}/guardians") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(IdentityJSON.GuardianBody.self, context: context)
            let member = try await identity.addGuardian(
                principal, member: try context.parameters.text("member"), email: body.email)
            return try JSONCoding.response(IdentityJSON.MemberJSON(member))
        }
        api.delete("members/{member}/guardians/{email}") { _, context in
            let principal = try context.requirePrincipal()
            let member = try await identity.removeGuardian(
                principal, member: try context.parameters.text("member"), email: try context.parameters.text("email"))
            return try JSONCoding.response(IdentityJSON.MemberJSON(member))
        }
    }
}
