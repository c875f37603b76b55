import FamilyCodes
import FamilyCodesWire
import Hummingbird
import Identity

/// Family codes over `FamilyCodesRoute`, with the seed's status codes (already a member: 400; code not found: 404;
/// rate limited: 429 with Retry-After). A join passes the client's socket address as its origin: the domain
/// applies the per-address limit with the per-account one, in the store, so every server shares both.
struct FamilyCodesRoutes: Sendable {
    let familyCodes: any FamilyCodeService
    let identity: any IdentityService

    func add(to api: RouterGroup<KithRequestContext>) {
        api.api(FamilyCodesRoute.overview) { _, context in
            let overview = try await familyCodes.overview(try context.requirePrincipal())
            return try JSONCoding.response(FamilyOverviewJSON(overview))
        }
        api.api(FamilyCodesRoute.create) { _, context in
            let card = try await familyCodes.createFamily(try context.requirePrincipal())
            return try JSONCoding.response(FamilyCreatedJSON(card))
        }
        api.api(FamilyCodesRoute.code) { _, context in
            try JSONCoding.response(FamilyCodeJSON(try await familyCodes.code(try context.requirePrincipal())))
        }
        api.api(FamilyCodesRoute.regenerate) { request, context in
            // The seed's body (`familyId`) is not needed: a player has one family code. Limits are optional.
            let body = try await request.decodeOptionalJSON(FamilyRegenerateBody.self, context: context)
            let code = try await familyCodes.regenerateCode(
                try context.requirePrincipal(), limits: body?.limits ?? .none)
            return try JSONCoding.response(FamilyCodeJSON(code))
        }
        api.api(FamilyCodesRoute.join) { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(FamilyJoinBody.self, context: context)
            guard let code = body.anyCode else {
                throw APIError(.badRequest, code: .invalidJSON, message: "Missing field \"familyCode\"")
            }
            let join = try await familyCodes.join(principal, code: code, origin: context.clientAddressKey)
            return try JSONCoding.response(FamilyJoinJSON(join))
        }
        api.api(FamilyCodesRoute.members) { _, context in
            let members = try await familyCodes.members(try context.requirePrincipal())
            return try JSONCoding.response(FamilyMemberListJSON(members))
        }
        api.api(FamilyCodesRoute.removeMember) { _, context in
            let principal = try context.requirePrincipal()
            let member = try await familyCodes.removeMember(principal, try context.parameters.text("id"))
            return try JSONCoding.response(FamilyMemberRemovedJSON(member))
        }
        api.api(FamilyCodesRoute.families) { _, context in
            let families = try await familyCodes.families(try context.requirePrincipal())
            return try JSONCoding.response(JoinedFamilyListJSON(families))
        }
        api.api(FamilyCodesRoute.leave) { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(FamilyBody.self, context: context)
            return try JSONCoding.response(FamilyLeftJSON(try await familyCodes.leave(principal, body.familyId)))
        }
        api.api(FamilyCodesRoute.use) { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(FamilyBody.self, context: context)
            // `family use` is `household use`.
            let household = try await identity.useHousehold(principal, body.familyId)
            return try JSONCoding.response(FamilyRefJSON(familyId: household.id, name: household.name))
        }
        api.api(FamilyCodesRoute.log) { _, context in
            let log = try await familyCodes.usageLog(try context.requirePrincipal())
            return try JSONCoding.response(FamilyCodeUsageLogJSON(log))
        }
    }
}
