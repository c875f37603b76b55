import FamilyCodes
import FamilyCodesWire
import Households
import Hummingbird
import KithServer

/// Family codes over `FamilyCodesRoute`, with the seed's status codes (already a member: 400; code not found: 404;
/// rate limited: 429 with Retry-After). A join passes the client's socket address as its origin: the domain
/// applies the per-address limit with the per-account one, in the store, so every server shares both.
struct FamilyCodesRoutes: Sendable {
    let familyCodes: any FamilyCodeService
    let identity: any HouseholdsService

    func add(to api: RouterGroup<KithRequestContext>) {
        api.signedIn(FamilyCodesRoute.overview) { principal, _, context in
            let overview = try await familyCodes.overview(principal)
            return FamilyOverviewJSON(overview)
        }
        api.signedIn(FamilyCodesRoute.create) { principal, _, context in
            let card = try await familyCodes.createFamily(principal)
            return FamilyCreatedJSON(card)
        }
        api.signedIn(FamilyCodesRoute.code) { principal, _, context in
            FamilyCodeJSON(try await familyCodes.code(principal))
        }
        api.signedIn(FamilyCodesRoute.regenerate) { principal, request, context in
            // The seed's body (`familyId`) is not needed: a player has one family code. Limits are optional.
            let body = try await request.decodeOptionalJSON(FamilyRegenerateBody.self, context: context)
            let code = try await familyCodes.regenerateCode(
                principal, limits: body?.limits ?? .none)
            return FamilyCodeJSON(code)
        }
        api.signedIn(FamilyCodesRoute.join) { principal, request, context in
            let body = try await request.decodeJSON(FamilyJoinBody.self, context: context)
            guard let code = body.anyCode else {
                throw APIError(.badRequest, code: .invalidJSON, message: "Missing field \"familyCode\"")
            }
            let join = try await familyCodes.join(principal, code: code, origin: context.clientAddressKey)
            return FamilyJoinJSON(join)
        }
        api.signedIn(FamilyCodesRoute.members) { principal, _, context in
            let members = try await familyCodes.members(principal)
            return FamilyMemberListJSON(members)
        }
        api.signedIn(FamilyCodesRoute.removeMember) { principal, _, context in
            let member = try await familyCodes.removeMember(principal, try context.parameters.text("id"))
            return FamilyMemberRemovedJSON(member)
        }
        api.signedIn(FamilyCodesRoute.families) { principal, _, context in
            let families = try await familyCodes.families(principal)
            return JoinedFamilyListJSON(families)
        }
        api.signedIn(FamilyCodesRoute.leave) { principal, request, context in
            let body = try await request.decodeJSON(FamilyBody.self, context: context)
            return FamilyLeftJSON(try await familyCodes.leave(principal, body.familyId))
        }
        api.signedIn(FamilyCodesRoute.use) { principal, request, context in
            let body = try await request.decodeJSON(FamilyBody.self, context: context)
            // `family use` is `household use`.
            let household = try await identity.useHousehold(principal, body.familyId)
            return FamilyRefJSON(familyId: household.id, name: household.name)
        }
        api.signedIn(FamilyCodesRoute.log) { principal, _, context in
            let log = try await familyCodes.usageLog(principal)
            return FamilyCodeUsageLogJSON(log)
        }
    }
}
