import Accounts
import Foundation
import StorageTesting
import Testing

/// Saved accounts (contract, every store).
public enum SavedAccountsContract {
    public static let cases: [ContractCase<IdentityContractEnvironment>] = [
        ContractCase(
            "an eleventh sign-up is refused before anything is created", eleventhSignUpIsRefusedBeforeAnythingIsCreated),
        ContractCase(
            "an eleventh login is refused, but saved accounts can sign in again",
            eleventhLogInIsRefusedButSavedAccountsCanSignInAgain),
        ContractCase(
            "listed most recently used first, with the current one marked",
            listedMostRecentlyUsedFirstWithTheCurrentMarked),
        ContractCase("switching to a live session is silent", switchingToALiveSessionIsSilent),
        ContractCase("switching to an expired session needs the password", switchingToAnExpiredSessionNeedsThePassword),
        ContractCase("the session must belong to the saved account", theSessionMustBelongToTheSavedAccount),
        ContractCase("the current account cannot be removed", theCurrentAccountCannotBeRemoved),
        ContractCase(
            "removing another ends its session and keeps the account", removingAnotherEndsItsSessionAndKeepsTheAccount),
        ContractCase("switching to an unsaved account names it", switchingToAnUnsavedAccountNamesIt),
        ContractCase("the current account persists across runs", theCurrentAccountPersistsAcrossRuns),
        ContractCase("two processes keep their own current accounts", twoProcessesKeepTheirOwnCurrentAccounts),
        ContractCase(
            "run-as uses a saved live account without changing the current one",
            runAsUsesASavedLiveAccountWithoutChangingTheCurrentOne),
    ]

    static let names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo"]

    static func eleventhSignUpIsRefusedBeforeAnythingIsCreated(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let device = env.device(service)
        for name in names { try await device.signUp(name) }
        let current = try await device.me()
        let hashesBefore = env.hasher.hashes
        let error = await identityError { try await device.signUp("Kai") }
        #expect(error?.description == "You can save up to 10 accounts. Remove one first.")
        #expect(env.hasher.hashes == hashesBefore)
        #expect(try await env.store.read { try $0.account(email: email("Kai")) } == nil)
        #expect(try await device.savedAccounts().count == 10)
        #expect(try await device.me() == current)
    }

    static func eleventhLogInIsRefusedButSavedAccountsCanSignInAgain(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let device = env.device(service)
        _ = try await service.register(
            SignUp(email: email("Kai"), firstName: "Kai", lastName: "Tester", password: password("Kai")))
        for name in names { try await device.signUp(name) }
        let current = try await device.me()
        let verifiesBefore = env.hasher.verifies
        let error = await identityError { _ = try await device.logIn(email: email("Kai"), password: password("Kai")) }
        #expect(error == .savedAccountsFull)
        #expect(env.hasher.verifies == verifiesBefore)
        #expect(try await device.me() == current)
        let emails = try await device.savedAccounts().map(\.account.email)
        #expect(!emails.contains(email("Kai")))
        let ann = try await device.logIn(email: email("Ann"), password: password("Ann"))
        #expect(try await device.me().accountId == ann.id)
        #expect(try await device.savedAccounts().count == 10)
    }

    static func listedMostRecentlyUsedFirstWithTheCurrentMarked(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let device = env.device(service)
        for name in ["Ann", "Bo", "Cy"] {
            try await device.signUp(name)
            env.clock.advance(by: 60)
        }
        _ = try await device.switchAccount(to: email("Ann"), password: nil)
        let saved = try await device.savedAccounts()
        #expect(saved.map(\.account.email) == [email("Ann"), email("Cy"), email("Bo")])
        #expect(saved.map(\.isCurrent) == [true, false, false])
        #expect(saved.allSatisfy { $0.sessionLive })
    }

    static func switchingToALiveSessionIsSilent(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let device = env.device(service)
        let ann = try await device.signUp("Ann")
        try await device.signUp("Bo")
        let work = env.hasher.total
        let result = try await device.switchAccount(to: "ANN@example.com", password: nil)
        #expect(result == .switched(try await device.savedAccounts()[0].account))
        #expect(env.hasher.total == work)
        #expect(try await device.me().accountId == ann.id)
        let again = try await device.switchAccount(to: email("Ann"), password: nil)
        #expect(again.description == "Already using ann@example.com")
        guard case .alreadyCurrent = again else {
            Issue.record("expected alreadyCurrent, got \(again)")
            return
        }
    }

    static func switchingToAnExpiredSessionNeedsThePassword(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let device = env.device(service)
        let ann = try await device.signUp("Ann")
        env.clock.advance(by: 20 * IdentityContractEnvironment.day)
        let bo = try await device.signUp("Bo")
        env.clock.advance(by: 10 * IdentityContractEnvironment.day + 1)

        let work = env.hasher.total
        let asked = try await device.switchAccount(to: email("Ann"), password: nil)
        #expect(asked == .passwordRequired(asked.account))
        #expect(asked.account.accountId == ann.id)
        #expect(env.hasher.total == work)
        #expect(try await device.me().accountId == bo.id)

        let wrong = await identityError { _ = try await device.switchAccount(to: email("Ann"), password: "nope-nope") }
        #expect(wrong == .incorrectCredentials)
        #expect(try await device.me().accountId == bo.id)
        #expect(try await env.device().me().accountId == bo.id)

        let switched = try await device.switchAccount(to: email("Ann"), password: password("Ann"))
        #expect(switched.account.accountId == ann.id)
        #expect(try await device.me().accountId == ann.id)
        #expect(try await device.savedAccounts().first { $0.account.accountId == ann.id }?.sessionLive == true)
    }

    static func theSessionMustBelongToTheSavedAccount(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let device = env.device(service)
        let ann = try await device.signUp("Ann")
        try await device.signUp("Bo")
        let boSession = try await device.me().sessionId
        // Corrupt the device state: Ann's entry points at Bo's session.
        let boCredential = try await env.deviceStore.load().entries.first { $0.sessionId == boSession }?.credential
        try await env.deviceStore.update { state in
            state.modify(accountId: ann.id) {
                $0.credential = boCredential
                $0.sessionId = boSession
            }
        }
        let error = await identityError { _ = try await device.switchAccount(to: email("Ann"), password: nil) }
        #expect(error == .sessionMismatch(email: email("Ann")))
        #expect(try await device.me().sessionId == boSession)
    }

    static func theCurrentAccountCannotBeRemoved(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let device = env.device(service)
        try await device.signUp("Ann")
        let principal = try await device.me()
        let error = await identityError { try await device.removeSavedAccount(email("Ann"), by: principal) }
        #expect(error?.description == "Switch to another account first")
        #expect(try await device.savedAccounts().count == 1)
    }

    static func removingAnotherEndsItsSessionAndKeepsTheAccount(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let device = env.device(service)
        let ann = try await device.signUp("Ann")
        try await device.signUp("Bo")
        let annSession = try await env.deviceStore.load().entry(accountId: ann.id)?.sessionId
        try await device.removeSavedAccount(" Ann@example.com", by: try await device.me())
        #expect(try await device.savedAccounts().map(\.account.email) == [email("Bo")])
        let session = try await env.store.read { try $0.session(id: annSession ?? "") }
        #expect(session?.ended == true)
        #expect(try await env.store.read { try $0.account(id: ann.id) } != nil)
        let unknown = await identityError { try await device.removeSavedAccount(email("Ann"), by: nil) }
        #expect(unknown?.description == "No account named ann@example.com")
        _ = try await device.logIn(email: email("Ann"), password: password("Ann"))
    }

    static func switchingToAnUnsavedAccountNamesIt(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let device = env.device(service)
        try await device.signUp("Ann")
        let error = await identityError { _ = try await device.switchAccount(to: "zed@example.com", password: nil) }
        #expect(error == .notFound(.account, "zed@example.com"))
    }

    static func theCurrentAccountPersistsAcrossRuns(_ env: IdentityContractEnvironment) async throws {
        try await env.device().signUp("Ann")
        let bo = try await env.device().signUp("Bo")
        #expect(try await env.device().me().accountId == bo.id)
    }

    static func twoProcessesKeepTheirOwnCurrentAccounts(_ env: IdentityContractEnvironment) async throws {
        let first = env.service()
        let firstDevice = env.device(first)
        let ann = try await firstDevice.signUp("Ann")
        let second = env.service()
        let secondDevice = env.device(second)
        #expect(try await secondDevice.me().accountId == ann.id)
        let bo = try await secondDevice.signUp("Bo")
        #expect(try await firstDevice.me().accountId == ann.id)
        #expect(try await secondDevice.me().accountId == bo.id)
        #expect(try await firstDevice.savedAccounts().first { $0.isCurrent }?.account.accountId == ann.id)
        // A logout elsewhere leaves the device's (other) current account alone.
        try await firstDevice.logOut()
        #expect(try await env.device().me().accountId == bo.id)
    }

    static func runAsUsesASavedLiveAccountWithoutChangingTheCurrentOne(_ env: IdentityContractEnvironment) async throws
    {
        let ann = try await env.device().signUp("Ann")
        env.clock.advance(by: 20 * IdentityContractEnvironment.day)
        let bo = try await env.device().signUp("Bo")

        let run = env.service()
        let runDevice = env.device(run)
        #expect(try await runDevice.runAs(email: email("Ann")).accountId == ann.id)
        #expect(try await runDevice.me().accountId == ann.id)
        #expect(try await env.device().me().accountId == bo.id)

        env.clock.advance(by: 10 * IdentityContractEnvironment.day + 1)
        let expired = await identityError { _ = try await env.device().runAs(email: email("Ann")) }
        #expect(expired == .sessionEnded(email: email("Ann")))
        let unknown = await identityError { _ = try await env.device().runAs(email: "zed@example.com") }
        #expect(unknown == .notFound(.account, "zed@example.com"))
    }
}
