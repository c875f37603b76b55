import Hummingbird
import Identity
import IdentityWire

/// Households and their managed members over `IdentityRoute`: everything but reading is refused by the domain
/// while acting.
struct HouseholdRoutes: Sendable {
    let identity: any IdentityService

    func add(to api: RouterGroup<KithRequestContext>) {
        api.signedIn(IdentityRoute.households) { principal, _, context in
            let households = try await identity.households(principal)
            return households.map { HouseholdJSON($0) }
        }
        api.signedIn(IdentityRoute.createHousehold, status: .created) { principal, request, context in
            let body = try await request.decodeJSON(HouseholdNameBody.self, context: context)
            let household = try await identity.createHousehold(principal, name: body.name)
            return HouseholdJSON(household)
        }
        api.signedIn(IdentityRoute.household) { principal, _, context in
            let household = try await identity.requireActiveHousehold(principal)
            return HouseholdJSON(household)
        }
        api.signedIn(IdentityRoute.renameHousehold) { principal, request, context in
            let body = try await request.decodeJSON(HouseholdNameBody.self, context: context)
            let household = try await identity.renameHousehold(principal, name: body.name)
            return HouseholdJSON(household)
        }
        api.signedIn(IdentityRoute.useHousehold) { principal, _, context in
            let household = try await identity.useHousehold(principal, try context.parameters.text("household"))
            return HouseholdJSON(household)
        }
        api.signedInNoContent(IdentityRoute.leaveHousehold) { principal, _, context in
            try await identity.leaveHousehold(principal, try context.parameters.text("household"))
        }

        // MARK: - Members of the active household

        api.signedIn(IdentityRoute.members) { principal, _, context in
            let household = try await identity.requireActiveHousehold(principal)
            return household.members.map(MemberJSON.init)
        }
        api.signedIn(IdentityRoute.addMember, status: .created) { principal, request, context in
            let body = try await request.decodeJSON(ManagedMemberBody.self, context: context)
            let member = try await identity.addManagedMember(
                principal, displayName: body.displayName, avatarKey: body.avatarKey ?? "")
            return MemberJSON(member)
        }
        api.signedIn(IdentityRoute.removeMember) { principal, _, context in
            let member = try await identity.removeMember(principal, try context.parameters.text("member"))
            return MemberJSON(member)
        }
        api.signedIn(IdentityRoute.addGuardian) { principal, request, context in
            let body = try await request.decodeJSON(GuardianBody.self, context: context)
            let member = try await identity.addGuardian(
                principal, member: try context.parameters.text("member"), email: body.email)
            return MemberJSON(member)
        }
        api.signedIn(IdentityRoute.removeGuardian) { principal, _, context in
            let member = try await identity.removeGuardian(
                principal, member: try context.parameters.text("member"), email: try context.parameters.text("email"))
            return MemberJSON(member)
        }
        api.signedIn(IdentityRoute.graduateMember, status: .created) { principal, _, context in
            let grant = try await identity.graduateMember(principal, try context.parameters.text("member"))
            return ClaimCodeJSON(grant)
        }
    }
}
