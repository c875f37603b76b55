import Accounts
import Foundation
import Identity
import StorageTesting
import Testing

/// Sign in with Google: linking rules (contract, every store).
public enum LinkedIdentityContract {
    /// The cases every store meets, PostgreSQL (a server's, without device state) included.
    public static let cases: [ContractCase<IdentityContractEnvironment>] = [
        ContractCase(
            "a new verified email creates the account, then the same subject signs in to it",
            aNewVerifiedEmailCreatesTheAccountThenTheSameSubjectSignsInToIt),
        ContractCase("refusals change nothing", refusalsChangeNothing),
        ContractCase(
            "a switch's sign-in gives only the expected account and creates nothing",
            aSwitchsSignInGivesOnlyTheExpectedAccountAndCreatesNothing),
        ContractCase(
            "a password account's email is refused, then linked while signed in",
            aPasswordAccountsEmailIsRefusedThenLinkedWhileSignedIn),
        ContractCase("a subject linked elsewhere is refused", aSubjectLinkedElsewhereIsRefused),
        ContractCase("unlinking the only way to sign in is refused", unlinkingTheOnlyWayToSignInIsRefused),
        ContractCase("an unconfigured provider is not set up", anUnconfiguredProviderIsNotSetUp),
    ]

    /// The cases only a store that keeps this device's state meets.
    public static let deviceCases: [ContractCase<IdentityContractEnvironment>] = [
        ContractCase(
            "a Google account sets its first password without a current one, then may unlink",
            aGoogleAccountSetsItsFirstPasswordWithoutACurrentOneThenMayUnlink),
        ContractCase(
            "switching to a Google account is silent while live, else its sign-in must give the same account",
            switchingToAGoogleAccountIsSilentWhileLiveElseItsSignInMustGiveTheSameAccount),
        ContractCase(
            "an unconfigured provider is not set up on this device", anUnconfiguredProviderIsNotSetUpOnThisDevice),
    ]

    static func aNewVerifiedEmailCreatesTheAccountThenTheSameSubjectSignsInToIt(_ env: IdentityContractEnvironment)
        async throws
    {
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

    static func refusalsChangeNothing(_ env: IdentityContractEnvironment) async throws {
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

    static func aSwitchsSignInGivesOnlyTheExpectedAccountAndCreatesNothing(_ env: IdentityContractEnvironment)
        async throws
    {
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

    static func aPasswordAccountsEmailIsRefusedThenLinkedWhileSignedIn(_ env: IdentityContractEnvironment) async throws
    {
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

    static func aSubjectLinkedElsewhereIsRefused(_ env: IdentityContractEnvironment) async throws {
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

    static func unlinkingTheOnlyWayToSignInIsRefused(_ env: IdentityContractEnvironment) async throws {
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

    static func aGoogleAccountSetsItsFirstPasswordWithoutACurrentOneThenMayUnlink(_ env: IdentityContractEnvironment)
        async throws
    {
        let service = env.googleService()
        let device = env.device(service)
        let ann = try await device.logIn(with: StubVerifier.signIn("ann")).account
        let principal = try await device.me()
        let before = try await service.signInMethods(principal)
        #expect(!before.hasPassword && before.identities.map(\.subject) == ["g-ann"])
        #expect(!before.canSignIn(without: .google))

        // A too short first password changes nothing.
        let short = await identityError { try await service.changePassword(principal, current: nil, new: "short") }
        #expect(short == .invalidPassword)
        #expect(try await !service.signInMethods(principal).hasPassword)

        try await service.changePassword(principal, current: nil, new: "first-password")
        #expect(try await service.signInMethods(principal).hasPassword)
        // Now the password is the account's: changing it needs it, and a missing one is a wrong one.
        for current in [nil, "not-the-password"] {
            let error = await identityError {
                try await service.changePassword(principal, current: current, new: "second-password")
            }
            #expect(error == .incorrectCredentials)
        }
        try await service.unlinkIdentity(principal, provider: .google)
        #expect(try await service.signInMethods(principal) == SignInMethods(hasPassword: true, identities: []))
        let grant = try await service.signIn(email: "ann@example.com", password: "first-password")
        #expect(grant.accountId == ann.id)
    }

    static func switchingToAGoogleAccountIsSilentWhileLiveElseItsSignInMustGiveTheSameAccount(
        _ env: IdentityContractEnvironment
    ) async throws {
        let device = env.device(env.googleService())
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

        env.clock.advance(by: 31 * IdentityContractEnvironment.day)
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
        #expect(try await env.device(env.googleService()).me().accountId == ann.id)
        let again = try await device.logIn(with: StubVerifier.signIn("ann"))
        #expect(!again.created && again.account.id == ann.id)
    }

    static func anUnconfiguredProviderIsNotSetUp(_ env: IdentityContractEnvironment) async throws {
        let error = await identityError {
            _ = try await env.service().signIn(with: ProviderSignIn(provider: .apple, idToken: "x"))
        }
        #expect(error?.description == "Apple sign-in is not set up here")
    }

    static func anUnconfiguredProviderIsNotSetUpOnThisDevice(_ env: IdentityContractEnvironment) async throws {
        let error = await identityError {
            _ = try await env.device().logIn(with: ProviderSignIn(provider: .apple, idToken: "x"))
        }
        #expect(error?.description == "Apple sign-in is not set up here")
    }
}
