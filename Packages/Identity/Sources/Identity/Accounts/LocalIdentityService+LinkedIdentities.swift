import Accounts
import Foundation

// MARK: - Sign in with Google and Apple

extension LocalIdentityService {
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
        let label = newSessionWhere
        return try await store.write { transaction in
            let (account, created) = try transaction.providerAccount(for: token, signIn, now: now, random: random)
            let (session, grant) = Self.newSession(
                accountId: account.id, now: now, random: random, where: label,
                signedInWith: signIn.provider == .apple ? .apple : .google)
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
}
