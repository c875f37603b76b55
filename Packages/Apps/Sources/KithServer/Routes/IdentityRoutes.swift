import Accounts
import Hummingbird
import Identity
import IdentityWire

/// Accounts and sessions over `IdentityRoute`: sign-up and sign-in (public), sign-out, `/api/me` and its edits.
struct IdentityRoutes: Sendable {
    let identity: any IdentityService
    /// Where `persona` comes from (the account's active Circles profile); without it, the primary.
    var personas: (any PersonaSource)? = nil
    /// The providers configured with a client id; every route of another provider answers 404.
    var providers: Set<IdentityProvider> = []

    /// The public routes: they hand out a bearer token.
    func addPublic(to router: Router<KithRequestContext>) {
        router.on(IdentityRoute.signUp) { request, context in
            let body = try await request.decodeJSON(SignUpBody.self, context: context)
            let signUp = SignUp(
                email: body.email, firstName: body.firstName, lastName: body.lastName, password: body.password,
                role: try body.role.map { try choice($0, field: "role", as: AccountRole.self) },
                accountType: try body.accountType.map { try choice($0, field: "accountType", as: AccountType.self) },
                claimCode: body.claimCode)
            let grant = try await identity.register(signUp)
            return try JSONCoding.response(try await session(grant, created: true), status: .created)
        }
        router.on(IdentityRoute.signIn) { request, context in
            let body = try await request.decodeJSON(SignInBody.self, context: context)
            let grant = try await identity.signIn(
                email: body.email, password: body.password, clientAddress: context.clientAddressKey)
            return try JSONCoding.response(try await session(grant, created: false))
        }
        router.on(IdentityRoute.secondFactor) { request, context in
            let body = try await request.decodeJSON(SecondFactorBody.self, context: context)
            let grant = try await identity.completeSignIn(
                challenge: body.challenge, code: body.code, clientAddress: context.clientAddressKey)
            return try JSONCoding.response(try await session(grant, created: false))
        }
        router.on(IdentityRoute.passkeySignInOptions) { _, context in
            try JSONCoding.response(try await identity.passkeySignInOptions(clientAddress: context.clientAddressKey))
        }
        router.on(IdentityRoute.passkeySignIn) { request, context in
            let body = try await request.decodeJSON(PasskeySignInBody.self, context: context)
            let grant = try await identity.signIn(passkey: body.credential, clientAddress: context.clientAddressKey)
            return try JSONCoding.response(try await session(grant, created: false))
        }
        router.on(IdentityRoute.sessionState) { request, context in
            let body = try await request.decodeJSON(SessionStateBody.self, context: context)
            return try JSONCoding.response(SessionStateJSON(try await identity.sessionState(token: body.token)))
        }
        router.on(IdentityRoute.forgotPassword) { request, context in
            let body = try await request.decodeJSON(RecoveryBody.self, context: context)
            try await identity.forgotPassword(email: body.email, clientAddress: context.clientAddressKey)
            return try JSONCoding.response(CodeSentJSON(email: body.email), status: .accepted)
        }
        router.on(IdentityRoute.resetPassword) { request, context in
            let body = try await request.decodeJSON(PasswordResetBody.self, context: context)
            let grant = try await identity.resetPassword(
                email: body.email, code: body.code, newPassword: body.password, clientAddress: context.clientAddressKey)
            return try JSONCoding.response(try await session(grant, created: false))
        }
        for provider in IdentityProvider.allCases {
            router.on(IdentityRoute.signIn(provider)) { request, context in
                try configured(provider)
                let body = try await request.decodeJSON(ProviderSignInBody.self, context: context)
                let result = try await identity.signIn(with: body.signIn(provider))
                return try JSONCoding.response(
                    try await session(result.grant, created: result.created), status: result.created ? .created : .ok)
            }
        }
    }

    /// The routes of the signed-in account.
    func add(to api: RouterGroup<KithRequestContext>) {
        api.api(IdentityRoute.signOut) { request, context in
            _ = try context.requirePrincipal()
            if let token = AuthMiddleware.bearerToken(request.headers) {
                // Ending an ended session does nothing, and the principal may be a cached one (`BearerPrincipals`):
                // check the session, so signing out twice answers 401 as every route does.
                _ = try await identity.principal(forToken: token)
                try await identity.endSession(token: token)
            }
            return JSONCoding.noContent()
        }
        api.signedIn(IdentityRoute.me) { principal, _, context in
            return try await me(try await identity.account(principal), principal)
        }
        api.signedIn(IdentityRoute.name) { principal, request, context in
            let body = try await request.decodeJSON(AccountNameBody.self, context: context)
            let account = try await identity.changeName(principal, firstName: body.firstName, lastName: body.lastName)
            return try await me(account, principal)
        }
        api.signedIn(IdentityRoute.role) { principal, request, context in
            let body = try await request.decodeJSON(RoleBody.self, context: context)
            let role = try choice(body.role, field: "role", as: AccountRole.self)
            let account = try await identity.changeRole(principal, to: role)
            return try await me(account, principal)
        }
        api.signedIn(IdentityRoute.accountType) { principal, request, context in
            let body = try await request.decodeJSON(AccountTypeBody.self, context: context)
            let type = try choice(body.accountType, field: "accountType", as: AccountType.self)
            let account = try await identity.changeAccountType(principal, to: type)
            return try await me(account, principal)
        }
        api.signedIn(IdentityRoute.sessions) { principal, _, _ in
            return try await identity.sessions(principal).map(SessionActivityJSON.init)
        }
        api.signedInNoContent(IdentityRoute.endSession) { principal, _, context in
            try await identity.endSession(principal, id: try context.parameters.text("id"))
        }
        api.signedIn(IdentityRoute.endOtherSessions) { principal, _, _ in
            return SessionsEndedJSON(ended: try await identity.endOtherSessions(principal))
        }
        api.signedIn(IdentityRoute.signInMethods) { principal, _, context in
            return SignInMethodsJSON(try await identity.signInMethods(principal))
        }
        api.signedIn(IdentityRoute.linkIdentity) { principal, request, context in
            let provider = try configured(context.parameters.text("provider"))
            let body = try await request.decodeJSON(ProviderSignInBody.self, context: context)
            let linked = try await identity.linkIdentity(principal, body.signIn(provider))
            return LinkedIdentityJSON(linked)
        }
        api.signedInNoContent(IdentityRoute.unlinkIdentity) { principal, _, context in
            let provider = try configured(context.parameters.text("provider"))
            try await identity.unlinkIdentity(principal, provider: provider)
        }
        api.signedInNoContent(IdentityRoute.password) { principal, request, context in
            let body = try await request.decodeJSON(PasswordChangeBody.self, context: context)
            try await identity.changePassword(principal, current: body.currentPassword, new: body.newPassword)
        }
        api.signedIn(IdentityRoute.verifyEmail) { principal, request, context in
            let body = try await request.decodeJSON(EmailCodeBody.self, context: context)
            return try await me(try await identity.verifyEmail(principal, code: body.code), principal)
        }
        api.signedIn(IdentityRoute.resendVerification) { principal, _, _ in
            CodeSentJSON(email: try await identity.resendVerification(principal))
        }
        api.signedIn(IdentityRoute.changeEmail, status: .accepted) { principal, request, context in
            let body = try await request.decodeJSON(EmailChangeBody.self, context: context)
            return CodeSentJSON(
                email: try await identity.changeEmail(principal, to: body.email, password: body.password))
        }
        api.signedIn(IdentityRoute.confirmEmailChange) { principal, request, context in
            let body = try await request.decodeJSON(EmailCodeBody.self, context: context)
            return try await me(try await identity.confirmEmailChange(principal, code: body.code), principal)
        }
        api.signedIn(IdentityRoute.twoStepStatus) { principal, _, _ in
            TwoStepStatusJSON(try await identity.twoStepStatus(principal))
        }
        api.signedIn(IdentityRoute.enableTwoStep) { principal, request, context in
            let body = try await request.decodeJSON(TwoStepBody.self, context: context)
            switch (body.password, body.code) {
            case (let password?, nil):
                return TwoStepJSON(try await identity.beginTwoStep(principal, password: password))
            case (nil, let code?):
                return TwoStepJSON(recoveryCodes: try await identity.confirmTwoStep(principal, code: code))
            default:
                throw APIError(
                    .badRequest, code: .invalidValue,
                    message: "Send {\"password\"} to begin, then {\"code\"} to confirm (one of them)")
            }
        }
        api.signedInNoContent(IdentityRoute.disableTwoStep) { principal, request, context in
            let body = try await request.decodeJSON(TwoStepBody.self, context: context)
            try await identity.disableTwoStep(principal, password: body.password ?? "", code: body.code ?? "")
        }
        api.signedIn(IdentityRoute.newRecoveryCodes) { principal, request, context in
            let body = try await request.decodeJSON(TwoStepBody.self, context: context)
            return TwoStepJSON(
                recoveryCodes: try await identity.newRecoveryCodes(principal, password: body.password ?? ""))
        }
        api.signedIn(IdentityRoute.passkeyRegistrationOptions) { principal, _, _ in
            try await identity.passkeyRegistrationOptions(principal)
        }
        api.signedIn(IdentityRoute.registerPasskey, status: .created) { principal, request, context in
            let body = try await request.decodeJSON(PasskeyRegistrationBody.self, context: context)
            return PasskeyJSON(
                try await identity.registerPasskey(principal, name: body.name, credential: body.credential))
        }
        api.signedIn(IdentityRoute.passkeys) { principal, _, _ in
            try await identity.passkeys(principal).map(PasskeyJSON.init)
        }
        api.signedInNoContent(IdentityRoute.removePasskey) { principal, request, context in
            // An account without a password sends no body.
            let body = try await request.decodeOptionalJSON(PasskeyRemovalBody.self, context: context)
            try await identity.removePasskey(principal, id: try context.parameters.text("id"), password: body?.password)
        }
        api.signedIn(IdentityRoute.checkAccountDeletion) { principal, _, _ in
            try await me(try await identity.checkAccountDeletion(principal), principal)
        }
        api.signedInNoContent(IdentityRoute.deleteAccount) { principal, request, context in
            let body = try await request.decodeJSON(DeleteAccountBody.self, context: context)
            try await identity.deleteAccount(principal, password: body.password)
        }
        // The document as the rules made it, bytes and all: its shape is the export's (`ExportDocument`).
        api.api(IdentityRoute.exportAccount) { _, context in
            JSONCoding.bytesResponse(try await identity.exportAccount(try context.requirePrincipal()).json)
        }
        api.api(IdentityRoute.exportMember) { _, context in
            let member = try context.parameters.text("member")
            return JSONCoding.bytesResponse(
                try await identity.exportMember(try context.requirePrincipal(), member: member).json)
        }
    }

    /// Refuses a provider this server has no client id for (404), as if its routes did not exist.
    private func configured(_ provider: IdentityProvider) throws {
        guard providers.contains(provider) else { throw IdentityError.providerNotConfigured(provider) }
    }

    /// The configured provider a `{provider}` segment names; any other word is a provider without a client id.
    private func configured(_ name: String) throws -> IdentityProvider {
        guard let provider = IdentityProvider(rawValue: name.lowercased()) else {
            throw APIError.routeNotFound
        }
        try configured(provider)
        return provider
    }

    /// The account as `/api/me` shows it, with its active persona (Circles' one answer, the same as `whoami`'s).
    private func me(_ account: Account, _ principal: Principal) async throws -> MeJSON {
        var me = await MeJSON.whoami(account, principal: principal, personas: personas)
        if let acting = principal.actingAs {
            // While acting, apps read the member's ceiling and age range, not the account's.
            me.showAgeSignals(of: try await identity.activeHousehold(principal)?.member(acting.memberId))
        }
        return me
    }

    private func session(_ grant: SessionGrant, created: Bool) async throws -> SessionJSON {
        let principal = Principal(accountId: grant.accountId, sessionId: grant.sessionId)
        let account = try await identity.account(principal)
        return SessionJSON(grant, account: try await me(account, principal), created: created)
    }
}
