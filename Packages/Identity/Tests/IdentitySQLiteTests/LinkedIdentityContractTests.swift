import Foundation
import Identity
import Testing

/// A verifier that knows a few tokens by heart: each names verified claims; anything else fails as a bad token.
struct StubVerifier: IDTokenVerifier {
    let provider: IdentityProvider
    let tokens: [String: VerifiedIDToken]

    init(_ provider: IdentityProvider = .google, _ tokens: [String: VerifiedIDToken]) {
        self.provider = provider
        self.tokens = tokens
    }

    func verify(_ idToken: String, nonce: String?) async throws -> VerifiedIDToken {
        guard let claims = tokens[idToken] else { throw IdentityError.providerSignInFailed(provider) }
        return claims
    }
}

extension TestEnvironment {
    /// A new process whose Google sign-in knows `StubVerifier.google`'s tokens.
    func googleService() -> LocalIdentityService {
        service(verifiers: [StubVerifier.google])
    }
}

extension StubVerifier {
    static let annClaims = VerifiedIDToken(
        provider: .google, subject: "g-ann", email: "ann@example.com", emailVerified: true, givenName: "Ann",
        familyName: "Lee")
    static let google = StubVerifier(
        .google,
        [
            "ann": annClaims,
            "ann-unverified": VerifiedIDToken(
                provider: .google, subject: "g-ann", email: "ann@example.com", emailVerified: false),
            "bo-google": VerifiedIDToken(
                provider: .google, subject: "g-bo", email: "bo@example.com", emailVerified: true, givenName: "Bo",
                familyName: "Tester"),
            "other-bo": VerifiedIDToken(
                provider: .google, subject: "g-bo-2", email: "bo.other@example.com", emailVerified: true),
            "nameless": VerifiedIDToken(
                provider: .google, subject: "g-cy", email: "cy@example.com", emailVerified: true),
        ])

    static func signIn(_ token: String, first: String? = nil, last: String? = nil) -> ProviderSignIn {
        ProviderSignIn(provider: .google, idToken: token, nonce: "n", firstName: first, lastName: last)
    }
}

@Suite("Sign in with Google: linking rules (contract, every store)")
struct LinkedIdentityContractTests {
    @Test(arguments: StoreKind.allCases)
    func aNewVerifiedEmailCreatesTheAccountThenTheSameSubjectSignsInToIt(_ kind: StoreKind) async throws {
        let env = try await TestEnvironment(kind)
        let server = env.googleService()
        let first = try await server.signIn(with: StubVerifier.signIn("ann"))
        #expect(first.created)
        let again = try await server.signIn(with: StubVerifier.signIn("ann"))
        #expect(!again.created)
        #expect(again.grant.accountId == first.grant.accountId)
        let account = try await env.store.read { try $0.account(id: first.grant.accountId) }
        #expect(account?.email == "ann@example.com")
        #expect(account?.displayName == "Ann Lee")
        #expect(account?.authMethod == .google)
        let identities = try await env.store.read { try $0.linkedIdentities(accountId: first.grant.accountId) }
        #expect(identities.map(\.subject) == ["g-ann"])
        #expect(env.hasher.total == 0)
        // No password: the password sign-in of that email fails as for any wrong password.
        let error = await identityError { _ = try await server.signIn(email: "ann@example.com", password: "whatever1") }
        #expect(error == .incorrectCredentials)
    }

    @Test(arguments: StoreKind.allCases)
    func refusalsChangeNothing(_ kind: StoreKind) async throws {
        let env = try await TestEnvironment(kind)
        let server = env.googleService()
        let cases: [(String, String)] = [
            ("forged", "Google sign-in failed. Please try again."),
            ("ann-unverified", "Your Google email address is not verified"),
            ("nameless", "Please enter a valid name (1-50 characters): the first name is empty"),
        ]
        for (token, sentence) in cases {
            let error = await identityError { _ = try await server.signIn(with: StubVerifier.signIn(token)) }
            #expect(error?.description == sentence)
        }
        #expect(try await env.store.read { try $0.account(email: "ann@example.com") } == nil)
        #expect(try await env.store.read { try $0.linkedIdentity(provider: .google, subject: "g-ann") } == nil)
        // Names from the request win over the token's (and fill in when it has none).
        let named = try await server.signIn(with: StubVerifier.signIn("nameless", first: "Cy", last: "Young"))
        #expect(try await env.store.read { try $0.account(id: named.grant.accountId) }?.displayName == "Cy Young")
    }

    @Test(arguments: StoreKind.allCases)
    func aSwitchsSignInGivesOnlyTheExpectedAccountAndCreatesNothing(_ kind: StoreKind) async throws {
        let env = try await TestEnvironment(kind)
        let server = env.googleService()
        let ann = try await server.signIn(with: StubVerifier.signIn("ann")).grant
        _ = try await server.signIn(with: StubVerifier.signIn("bo-google"))
        let expectingAnn = ProviderSignIn.ExpectedAccount(accountId: ann.accountId, email: "ann@example.com")

        // A new identity (the server would otherwise create its account) and another account's identity.
        for token in ["other-bo", "bo-google"] {
            let refused = await identityError {
                _ = try await server.signIn(with: StubVerifier.signIn(token).expecting(expectingAnn))
            }
            #expect(refused?.description == "That Google account is not ann@example.com", "\(token)")
        }
        #expect(try await env.store.read { try $0.account(email: "bo.other@example.com") } == nil)
        #expect(try await env.store.read { try $0.linkedIdentity(provider: .google, subject: "g-bo-2") } == nil)

        let switched = try await server.signIn(with: StubVerifier.signIn("ann").expecting(expectingAnn))
        #expect(switched.grant.accountId == ann.accountId && !switched.created)
    }

    @Test(arguments: StoreKind.allCases)
    func aPasswordAccountsEmailIsRefusedThenLinkedWhileSignedIn(_ kind: StoreKind) async throws {
        let env = try await TestEnvironment(kind)
        let server = env.googleService()
        let ann = try await server.register("Ann")
        let refused = await identityError { _ = try await server.signIn(with: StubVerifier.signIn("ann")) }
        #expect(
            refused?.description
                == "An account with this email already exists. Sign in with your password, then link Google.")
        #expect(try await env.store.read { try $0.linkedIdentities(accountId: ann.accountId) }.isEmpty)

        let linked = try await server.linkIdentity(ann, StubVerifier.signIn("ann"))
        #expect(linked.accountId == ann.accountId && linked.provider == .google && linked.subject == "g-ann")
        let signedIn = try await server.signIn(with: StubVerifier.signIn("ann"))
        #expect(signedIn.grant.accountId == ann.accountId && !signedIn.created)
    }

    @Test(arguments: StoreKind.allCases)
    func aSubjectLinkedElsewhereIsRefused(_ kind: StoreKind) async throws {
        let env = try await TestEnvironment(kind)
        let server = env.googleService()
        _ = try await server.linkIdentity(try await server.register("Ann"), StubVerifier.signIn("ann"))
        let bo = try await server.register("Bo")
        let error = await identityError { _ = try await server.linkIdentity(bo, StubVerifier.signIn("ann")) }
        #expect(error?.description == "This Google account is already linked to another account")
        _ = try await server.linkIdentity(bo, StubVerifier.signIn("bo-google"))
        let second = await identityError { _ = try await server.linkIdentity(bo, StubVerifier.signIn("other-bo")) }
        #expect(second == .providerAlreadyLinked(.google))
        #expect(
            try await env.store.read { try $0.linkedIdentities(accountId: bo.accountId) }.map(\.subject) == ["g-bo"])
    }

    @Test(arguments: StoreKind.allCases)
    func unlinkingTheOnlyWayToSignInIsRefused(_ kind: StoreKind) async throws {
        let env = try await TestEnvironment(kind)
        let server = env.googleService()
        let grant = try await server.signIn(with: StubVerifier.signIn("ann")).grant
        let ann = try await server.principal(forToken: grant.token)
        let error = await identityError { try await server.unlinkIdentity(ann, provider: .google) }
        #expect(error?.description == "Set a password first, or you could not sign in again.")
        #expect(try await env.store.read { try $0.linkedIdentities(accountId: ann.accountId) }.count == 1)

        // A password account unlinks freely, and an unlinked provider says so.
        let bo = try await server.register("Bo")
        _ = try await server.linkIdentity(bo, StubVerifier.signIn("bo-google"))
        try await server.unlinkIdentity(bo, provider: .google)
        let none = await identityError { try await server.unlinkIdentity(bo, provider: .google) }
        #expect(none?.description == "No Google account is linked")
    }

    @Test(arguments: StoreKind.withDevice)
    func aGoogleAccountSetsItsFirstPasswordWithoutACurrentOneThenMayUnlink(_ kind: StoreKind) async throws {
        let env = try await TestEnvironment(kind)
        let device = env.googleService()
        let ann = try await device.logIn(with: StubVerifier.signIn("ann")).account
        let principal = try await device.me()
        let before = try await device.signInMethods(principal)
        #expect(!before.hasPassword && before.identities.map(\.subject) == ["g-ann"])
        #expect(!before.canSignIn(without: .google))

        // A too short first password changes nothing.
        let short = await identityError { try await device.changePassword(principal, current: nil, new: "short") }
        #expect(short == .invalidPassword)
        #expect(try await !device.signInMethods(principal).hasPassword)

        try await device.changePassword(principal, current: nil, new: "first-password")
        #expect(try await device.signInMethods(principal).hasPassword)
        // Now the password is the account's: changing it needs it, and a missing one is a wrong one.
        for current in [nil, "not-the-password"] {
            let error = await identityError {
                try await device.changePassword(principal, current: current, new: "second-password")
            }
            #expect(error == .incorrectCredentials)
        }
        try await device.unlinkIdentity(principal, provider: .google)
        #expect(try await device.signInMethods(principal) == SignInMethods(hasPassword: true, identities: []))
        let grant = try await device.signIn(email: "ann@example.com", password: "first-password")
        #expect(grant.accountId == ann.id)
    }

    @Test(arguments: StoreKind.withDevice)
    func switchingToAGoogleAccountIsSilentWhileLiveElseItsSignInMustGiveTheSameAccount(_ kind: StoreKind)
        async throws
    {
        let env = try await TestEnvironment(kind)
        let device = env.googleService()
        let logIn = try await device.logIn(with: StubVerifier.signIn("ann"))
        #expect(logIn.created)
        let ann = logIn.account
        let saved = try await device.savedAccounts()
        #expect(saved.first?.account.authMethod == .google)
        let bo = try await device.signUp("Bo")
        let silent = try await device.switchAccount(to: "ann@example.com", password: nil)
        #expect(silent == .switched(silent.account) && silent.account.accountId == ann.id)
        #expect(try await device.me().accountId == ann.id)
        _ = try await device.switchAccount(to: email("Bo"), password: nil)

        env.clock.advance(by: 31 * TestEnvironment.day)
        let asked = try await device.switchAccount(to: "ann@example.com", password: nil)
        guard case .providerSignInRequired(let entry, .google) = asked else {
            Issue.record("expected the Google sign-in, got \(asked)")
            return
        }
        #expect(entry.accountId == ann.id)
        let mismatch = await identityError {
            _ = try await device.switchAccount(to: "ann@example.com", with: StubVerifier.signIn("bo-google"))
        }
        #expect(mismatch?.description == "That Google account is not ann@example.com")
        #expect(try await device.savedAccounts().first(where: \.isCurrent)?.account.accountId == bo.id)
        let switched = try await device.switchAccount(to: "ann@example.com", with: StubVerifier.signIn("ann"))
        #expect(switched.account.accountId == ann.id)
        #expect(try await device.me().accountId == ann.id)
        #expect(try await env.googleService().me().accountId == ann.id)
        let again = try await device.logIn(with: StubVerifier.signIn("ann"))
        #expect(!again.created && again.account.id == ann.id)
    }

    @Test(arguments: StoreKind.allCases)
    func anUnconfiguredProviderIsNotSetUp(_ kind: StoreKind) async throws {
        let env = try await TestEnvironment(kind)
        let error = await identityError {
            _ = try await env.service().signIn(with: ProviderSignIn(provider: .apple, idToken: "x"))
        }
        #expect(error?.description == "Apple sign-in is not set up here")
    }

    @Test(arguments: StoreKind.withDevice)
    func anUnconfiguredProviderIsNotSetUpOnThisDevice(_ kind: StoreKind) async throws {
        let env = try await TestEnvironment(kind)
        let error = await identityError {
            _ = try await env.service().logIn(with: ProviderSignIn(provider: .apple, idToken: "x"))
        }
        #expect(error?.description == "Apple sign-in is not set up here")
    }
}
