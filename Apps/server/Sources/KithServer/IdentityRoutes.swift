import Circles
import Hummingbird
import Identity

/// Accounts and sessions: sign-up and sign-in (public), sign-out, `/api/me` and its edits.
struct IdentityRoutes: Sendable {
    let identity: any IdentityService
    /// Where `persona` comes from (the account's active Circles profile); without it, the primary.
    var circles: (any CirclesService)? = nil

    /// The two public routes: they hand out a bearer token.
    func addPublic(to router: Router<KithRequestContext>) {
        router.post("/api/auth/signup") { request, context in
            let body = try await request.decodeJSON(IdentityJSON.SignUpBody.self, context: context)
            let signUp = SignUp(
                email: body.email, firstName: body.firstName, lastName: body.lastName, password: body.password,
                role: try body.role.map { try choice($0, field: "role", as: AccountRole.self) } ?? .member,
                accountType: try body.accountType.map { try choice($0, field: "accountType", as: AccountType.self) }
                    ?? .private)
            let grant = try await identity.register(signUp)
            return try JSONCoding.response(try await session(grant), status: .created)
        }
        router.post("/api/auth/signin") { request, context in
            let body = try await request.decodeJSON(IdentityJSON.SignInBody.self, context: context)
            let grant = try await identity.signIn(email: body.email, password: body.password)
            return try JSONCoding.response(try await session(grant))
        }
    }

    /// The routes of the signed-in account.
    func add(to api: RouterGroup<KithRequestContext>) {
        api.post("auth/signout") { request, context in
            _ = try context.requirePrincipal()
            if let token = AuthMiddleware.bearerToken(request.headers) { try await identity.endSession(token: token) }
            return JSONCoding.noContent()
        }
        api.get("me") { _, context in
            let principal = try context.requirePrincipal()
            return try JSONCoding.response(try await me(try await identity.account(principal), principal))
        }
        api.put("me/name") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(IdentityJSON.NameBody.self, context: context)
            let account = try await identity.changeName(principal, firstName: body.firstName, lastName: body.lastName)
            return try JSONCoding.response(try await me(account, principal))
        }
        api.put("me/role") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(IdentityJSON.RoleBody.self, context: context)
            let role = try choice(body.role, field: "role", as: AccountRole.self)
            let account = try await identity.changeRole(principal, to: role)
            return try JSONCoding.response(try await me(account, principal))
        }
        api.put("me/password") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(IdentityJSON.PasswordBody.self, context: context)
            try await identity.changePassword(principal, current: body.currentPassword, new: body.newPassword)
            return JSONCoding.noContent()
        }
    }

    /// The account as `/api/me` shows it, with the active persona (read as the account itself, even while acting).
    private func me(_ account: Account, _ principal: Principal) async throws -> IdentityJSON.Me {
        var persona: IdentityJSON.Me.Persona?
        if let circles {
            var own = principal
            own.actingAs = nil
            if let active = try? await circles.activePersona(own) {
                persona = IdentityJSON.Me.Persona(
                    profileId: active.profileId, displayName: active.displayName, type: active.type.rawValue)
            }
        }
        return IdentityJSON.Me(account, principal: principal, persona: persona)
    }

    private func session(_ grant: SessionGrant) async throws -> IdentityJSON.SessionJSON {
        let principal = Principal(accountId: grant.accountId, sessionId: grant.sessionId)
        let account = try await identity.account(principal)
        return IdentityJSON.SessionJSON(
            accountId: grant.accountId, sessionId: grant.sessionId, token: grant.token,
            account: try await me(account, principal))
    }
}
