import Accounts
import Console
import Foundation
import IdentityCommands
import Synchronization
import Testing

/// The person's browser, scripted: each sign-in returns the next token and counts the runs.
final class ScriptedAuthorization: ProviderAuthorization {
    private let tokens = Mutex<[String]>([])
    private let runs = Mutex(0)

    init(_ tokens: [String]) {
        self.tokens.withLock { $0 = tokens }
    }

    var count: Int { runs.withLock { $0 } }

    func isConfigured(_ provider: IdentityProvider) -> Bool { provider == .google }

    func authorize(
        _ provider: IdentityProvider, firstName: String?, lastName: String?, show: @Sendable (String) -> Void
    ) async throws -> ProviderSignIn {
        runs.withLock { $0 += 1 }
        show("http://127.0.0.1:9/authorize?client_id=test")
        let token = tokens.withLock { $0.isEmpty ? "" : $0.removeFirst() }
        return ProviderSignIn(provider: provider, idToken: token, firstName: firstName, lastName: lastName)
    }
}

/// Knows two Google users by their tokens.
struct TwoUsersVerifier: IDTokenVerifier {
    let provider = IdentityProvider.google

    func verify(_ idToken: String, nonce: String?) async throws -> VerifiedIDToken {
        switch idToken {
        case "ann": VerifiedIDToken(provider: .google, subject: "g-ann", email: "ann@example.com", emailVerified: true)
        case "bo": VerifiedIDToken(provider: .google, subject: "g-bo", email: "bo@example.com", emailVerified: true)
        default: throw IdentityError.providerSignInFailed(.google)
        }
    }
}

@Suite("login --google, link, unlink and the switcher")
struct ProviderCommandsTests {
    @Test func loginWithGoogleShowsTheURLAndSignsIn() async throws {
        let browser = ScriptedAuthorization(["ann"])
        let device = try Device(authorization: browser, verifiers: [TwoUsersVerifier()])
        let login = await device.run("login --google --first Ann --last Lee")
        #expect(login.exitCode == 0)
        #expect(login.output.contains("Signed in as Ann Lee (ann@example.com)."))
        #expect(login.errors.contains("http://127.0.0.1:9/authorize?client_id=test"))
        let accounts = await device.run("accounts")
        #expect(accounts.output.contains("G google"))
        #expect(await device.run("accounts", json: true).array.first?["authMethod"] as? String == "google")
    }

    @Test func refusalsSayWhy() async throws {
        let browser = ScriptedAuthorization(["forged"])
        let device = try Device(authorization: browser, verifiers: [TwoUsersVerifier()])
        let bad = await device.run("login --google --first Ann --last Lee")
        #expect(bad.exitCode == 1)
        #expect(bad.errors.contains("Google sign-in failed. Please try again."))
        let apple = await device.run("login --apple")
        #expect(apple.errors.contains("Apple sign-in is not set up here"))
        #expect(await device.run("login").exitCode == 2)
        #expect(await device.run("login ann@example.com --google").exitCode == 2)
        // Refused for who you are before the browser opens.
        let link = await device.run("link google")
        #expect(link.errors.contains("Not signed in"))
        #expect(browser.count == 1)
        #expect(try await device.accounts.savedAccounts().isEmpty)
    }

    @Test func linkThenUnlinkAndTheOnlyMethodStays() async throws {
        let browser = ScriptedAuthorization(["bo", "ann"])
        let device = try Device(authorization: browser, verifiers: [TwoUsersVerifier()])
        await device.signUp("bo@example.com", first: "Bo", last: "Lee")
        let link = await device.run("link google")
        #expect(link.output.contains("Linked Google (bo@example.com) to this account."), "\(link.errors)")
        #expect(await device.run("unlink google").output.contains("Google sign-in removed from this account."))

        _ = await device.run("login --google --first Ann --last Lee")
        let refused = await device.run("unlink google")
        #expect(refused.exitCode == 1)
        #expect(refused.errors.contains("Set a password first, or you could not sign in again."))
    }

    @Test func aGoogleAccountSetsItsFirstPasswordThenMayUnlinkGoogle() async throws {
        let browser = ScriptedAuthorization(["ann"])
        let device = try Device(authorization: browser, verifiers: [TwoUsersVerifier()])
        let created = await device.run("login --google --first Ann --last Lee", json: true)
        #expect(created.object["created"] as? Bool == true && created.object["email"] as? String == "ann@example.com")
        let principal = try #require(try await device.accounts.currentPrincipal())
        #expect(try await device.service.signInMethods(principal).hasPassword == false)

        let prompts = ScriptedInteraction(answers: ["first-secret-42", "first-secret-42"])
        let set = await device.run("password", interaction: prompts)
        #expect(set.exitCode == 0, "\(set.errors)")
        #expect(set.output.contains("Password set: you can now sign in with your email and password."))
        #expect(prompts.questions == ["New password: ", "Repeat the new password: "])
        // From now on the current password is asked for, as for any password account.
        let again = await device.run(
            "password", environment: ["KITH_PASSWORD": "not-the-password", "KITH_NEW_PASSWORD": "second-secret-42"])
        #expect(again.errors == "error: Email or password is incorrect\n")

        let unlinked = await device.run("unlink google")
        #expect(unlinked.output.contains("Google sign-in removed from this account."), "\(unlinked.errors)")
        await device.run("logout")
        let login = await device.run(
            "login ann@example.com", json: true, environment: ["KITH_PASSWORD": "first-secret-42"])
        #expect(login.exitCode == 0, "\(login.errors)")
        #expect(login.object["created"] as? Bool == false && login.object["email"] as? String == "ann@example.com")
        #expect(!device.transcript.contains("first-secret-42"))
    }

    @Test func switchingToAGoogleAccountRunsItsSignInOnlyWhenTheSessionEnded() async throws {
        let browser = ScriptedAuthorization(["ann", "ann"])
        let device = try Device(authorization: browser, verifiers: [TwoUsersVerifier()])
        _ = await device.run("login --google --first Ann --last Lee")
        await device.signUp("bo@example.com", first: "Bo", last: "Lee")
        #expect(await device.run("accounts switch ann@example.com").output.contains("Switched to ann@example.com"))
        #expect(browser.count == 1)
        _ = await device.run("accounts switch bo@example.com", environment: ["KITH_PASSWORD": "correct horse battery"])
        device.clock.advance(by: 31 * Device.day)
        let accounts = await device.run("accounts")
        #expect(accounts.output.contains("Google sign-in needed"))
        let switched = await device.run("accounts switch ann@example.com")
        #expect(switched.output.contains("Switched to ann@example.com"), "\(switched.errors)")
        #expect(browser.count == 2)
    }
}
