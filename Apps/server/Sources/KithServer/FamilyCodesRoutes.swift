import FamilyCodes
import Hummingbird
import Identity

/// Family codes over the seed's paths and status codes (already a member: 400; code not found: 404;
/// rate limited: 429 with Retry-After), plus the per-address join limit.
struct FamilyCodesRoutes: Sendable {
    let familyCodes: any FamilyCodeService
    let identity: any IdentityService
    let addressLimiter: ClientAddressLimiter

    func add(to api: RouterGroup<KithRequestContext>) {
        api.get("family") { _, context in
            try JSONCoding.response(
                FamilyCodesJSON.OverviewJSON(try await familyCodes.overview(try context.requirePrincipal())))
        }
        api.post("family/create") { _, context in
            let principal = try context.requirePrincipal()
            // `code` is where the domain creates the family and decides who may (players only).
            let code = try await familyCodes.code(principal)
            guard case .player(let card) = try await familyCodes.overview(principal) else {
                throw FamilyCodeError.onlyPlayers
            }
            return try JSONCoding.response(
                FamilyCodesJSON.CreateJSON(
                    success: true, familyId: code.familyId, familyName: card.name, familyCode: code.code,
                    generatedAt: code.generatedAt))
        }
        api.get("family/code") { _, context in
            try JSONCoding.response(
                FamilyCodesJSON.CodeJSON(try await familyCodes.code(try context.requirePrincipal())))
        }
        api.post("family/code/regenerate") { _, context in
            // The seed's body (`familyId`) is not needed: a player has one family code.
            let code = try await familyCodes.regenerateCode(try context.requirePrincipal())
            return try JSONCoding.response(FamilyCodesJSON.CodeJSON(code))
        }
        api.post("family/code/join") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(FamilyCodesJSON.JoinBody.self, context: context)
            guard let code = body.familyCode ?? body.code else {
                throw APIError(.badRequest, code: "invalid_json", message: "Missing field \"familyCode\"")
            }
            let address = context.clientAddressKey
            // While the address is locked nothing is looked up (and so nothing reaches the usage log).
            try addressLimiter.requireAllowed(address)
            do {
                let join = try await familyCodes.join(principal, code: code)
                return try JSONCoding.response(
                    FamilyCodesJSON.JoinedJSON(message: FamilyJoin.message, familyId: join.familyId, name: join.name))
            } catch FamilyCodeError.notFound {
                addressLimiter.recordFailure(address)
                throw FamilyCodeError.notFound
            }
        }
        api.get("family/members") { _, context in
            let members = try await familyCodes.members(try context.requirePrincipal())
            return try JSONCoding.response(
                FamilyCodesJSON.MembersJSON(members: members.map(FamilyCodesJSON.MemberJSON.init)))
        }
        api.delete("family/members/{id}") { _, context in
            let principal = try context.requirePrincipal()
            let member = try await familyCodes.removeMember(principal, try context.parameters.text("id"))
            return try JSONCoding.response(FamilyCodesJSON.RemovedJSON(success: true, member: .init(member)))
        }
        api.get("family/families") { _, context in
            let families = try await familyCodes.families(try context.requirePrincipal())
            return try JSONCoding.response(
                FamilyCodesJSON.FamiliesJSON(families: families.map(FamilyCodesJSON.FamilyJSON.init)))
        }
        api.post("family/leave") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(FamilyCodesJSON.FamilyBody.self, context: context)
            let family = try await familyCodes.leave(principal, body.familyId)
            return try JSONCoding.response(FamilyCodesJSON.LeftJSON(success: true, family: .init(family)))
        }
        api.post("family/use") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(FamilyCodesJSON.FamilyBody.self, context: context)
            // `family use` is `household use`.
            let household = try await identity.useHousehold(principal, body.familyId)
            return try JSONCoding.response(FamilyCodesJSON.FamilyRefJSON(familyId: household.id, name: household.name))
        }
        api.get("family/log") { _, context in
            let log = try await familyCodes.usageLog(try context.requirePrincipal())
            return try JSONCoding.response(FamilyCodesJSON.LogJSON(log: log.map(FamilyCodesJSON.UsageJSON.init)))
        }
    }
}
