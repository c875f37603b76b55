import Foundation

// MARK: - Sign in with Google and Apple

extension LocalIdentityService {
    public func logIn(with signIn: ProviderSignIn) async throws -> ProviderLogIn {
        try await ExitLock.requireUnlocked(exitLocks)
        let device = try self.device()
        let token = try await verify(signIn)
        let now = clock.now()
        let random = random
        let logIn = try await device.writeWithDevice { transaction -> ProviderLogIn in
            let (account, created) = try transaction.providerAccount(for: token, signIn, now: now, random: random)
            try transaction.checkCanSave(email: account.email)
            try Self.signInOnDevice(Self.signedIn(account, with: token.provider), transaction, now: now, random: random)
            return ProviderLogIn(account: account, created: created)
        }
        setCurrent(logIn.account.id)
        return logIn
    }

    public func switchAccount(to email: String, with signIn: ProviderSignIn) async throws -> AccountSwitch {
        let device = try self.device()
        let record = try await device.readWithDevice { try $0.requireSavedAccount(email: email) }
        try await ExitLock.requireUnlocked(exitLocks, staying: record.account.accountId)
        // A token that fails its checks throws here, before anything changed.
        let token = try await verify(signIn)
        let now = clock.now()
        let random = random
        let expecting = signIn.expecting(.init(accountId: record.account.accountId, email: record.account.email))
        let saved = try await device.writeWithDevice { transaction -> SavedAccount in
            let (account, _) = try transaction.providerAccount(for: token, expecting, now: now, random: random)
            return try Self.signInOnDevice(
                Self.signedIn(account, with: token.provider), transaction, now: now, random: random)
        }
        setCurrent(saved.accountId)
        return .switched(saved)
    }

    public func linkIdentity(_ principal: Principal, _ signIn: ProviderSignIn) async throws -> LinkedIdentity {
        try await asSelf(principal) {
            let now = clock.now()
            // Refused for who you are before the token is even looked at.
            _ = try await store.read { try $0.authenticate(principal, at: now) }
            let token = try await verify(signIn)
            return try await store.write { transaction in
                let account = try transaction.authenticate(principal, at: now)
                return try transaction.link(token, to: account.id, now: now)
            }
        }
    }

    public func unlinkIdentity(_ principal: Principal, provider: IdentityProvider) async throws {
        try await asSelf(principal) {
            let now = clock.now()
            try await store.write(durability: .immediate) { transaction in
                let account = try transaction.authenticate(principal, at: now)
                try transaction.unlink(provider, from: account.id)
            }
        }
    }

    public func signIn(with signIn: ProviderSignIn) async throws -> ProviderSessionGrant {
        let token = try await verify(signIn)
        let now = clock.now()
        let random = random
        return try await store.write { transaction in
            let (account, created) = try transaction.providerAccount(for: token, signIn, now: now, random: random)
            let (session, grant) = Self.newSession(accountId: account.id, now: now, random: random)
            try transaction.insertSession(session)
            return ProviderSessionGrant(grant: grant, created: created)
        }
    }

    /// The claims of the sign-in's token, checked by its provider's verifier ("... sign-in is not set up here"
    /// without one).
    func verify(_ signIn: ProviderSignIn) async throws -> VerifiedIDToken {
        guard let verifier = verifiers[signIn.provider] else {
            throw IdentityError.providerNotConfigured(signIn.provider)
        }
        let token = try await verifier.verify(signIn.idToken, nonce: signIn.nonce)
        // A verifier of another provider's tokens is a wiring mistake; refuse rather than mix identities.
        guard token.provider == signIn.provider else { throw IdentityError.providerSignInFailed(signIn.provider) }
        return token
    }

    /// The account as this device's switcher records it: signed in with `provider`.
    static func signedIn(_ account: Account, with provider: IdentityProvider) -> Account {
        var account = account
        account.authMethod = provider.authMethod
        return account
    }
}
