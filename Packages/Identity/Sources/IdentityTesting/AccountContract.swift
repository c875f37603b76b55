import Accounts
import Foundation
import Identity
import Kernel
import Mail
import StorageTesting
import Testing

/// Accounts on this device (contract, every store).
public enum AccountContract {
    public static let cases: [ContractCase<IdentityContractEnvironment>] = [
        ContractCase("sign-up creates the account, signs in and saves it", signUpCreatesTheAccountSignsInAndSavesIt),
        ContractCase("sign-up refuses bad input and creates nothing", signUpRefusesBadInputAndCreatesNothing),
        ContractCase("emails are unique, case-insensitively", emailsAreUniqueCaseInsensitively),
        ContractCase("an address outside the grammar is refused wherever it enters", addressesOutsideTheGrammar),
        ContractCase("an account stored with such an address is never mailed", aStoredBadAddressIsNeverMailed),
        ContractCase("a wrong password and an unknown email read the same", wrongPasswordAndUnknownEmailReadTheSame),
        ContractCase(
            "logout ends the session and keeps the account saved", logoutEndsTheSessionAndKeepsTheAccountSaved),
        ContractCase("name and role change", nameAndRoleChanges),
        ContractCase(
            "a password change needs the current one and ends other sessions",
            passwordChangeNeedsTheCurrentOneAndEndsOtherSessions),
        ContractCase("account actions are refused while acting", accountActionsAreRefusedWhileActing),
    ]

    static func signUpCreatesTheAccountSignsInAndSavesIt(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let device = env.device(service)
        let account = try await device.signUp(
            SignUp(email: "  Ann@Example.com ", firstName: " Ann ", lastName: "O’Brien", password: "password-ann"))
        #expect(account.email == "Ann@Example.com")
        #expect(account.firstName == "Ann")
        #expect(account.lastName == "O’Brien")
        #expect(account.role == .member)
        #expect(account.accountType == .private)
        #expect(account.authMethod == .password)
        #expect(account.createdAt == env.clock.now())
        let principal = try await device.me()
        #expect(principal.accountId == account.id)
        #expect(principal.actingAs == nil)
        #expect(try await service.account(principal) == account)
        let saved = try await device.savedAccounts()
        #expect(saved.count == 1)
        #expect(saved[0].account.displayName == "Ann O’Brien")
        #expect(saved[0].isCurrent && saved[0].sessionLive)
    }

    /// The outside test's addresses (DOMAIN.md, "Decided in turn 4"): each was an account of its own whose mail went
    /// to evil@example.org, or a `To:` line of two recipients.
    static let outsideTheGrammar = [
        "<evil@example.org>", "a>,<evil@example.org", "\"ann\"@example.org", "a b@example.org",
    ]

    static func addressesOutsideTheGrammar(_ env: IdentityContractEnvironment) async throws {
        let mail = MailSettings(from: "no-reply@kith.example")
        let service = env.service(mail: mail)
        let ann = try await service.register("Ann")
        _ = try await service.createHousehold(ann, name: "Lee Family")
        _ = try await service.addManagedMember(ann, displayName: "Max", avatarKey: "")
        let mailed = try await env.outbox().count
        for address in outsideTheGrammar {
            let signUp = SignUp(email: address, firstName: "Eve", lastName: "Tester", password: "password-eve")
            #expect(await identityError { _ = try await service.register(signUp) } == .invalidEmail, "\(address)")
            #expect(await identityError { _ = try await env.device(service).signUp(signUp) } == .invalidEmail)
            #expect(
                await identityError { _ = try await service.signIn(email: address, password: "password-eve") }
                    == .invalidEmail)
            #expect(
                await identityError { try await service.forgotPassword(email: address, clientAddress: nil) }
                    == .invalidEmail)
            #expect(
                await identityError { _ = try await service.changeEmail(ann, to: address, password: password("Ann")) }
                    == .invalidEmail)
            #expect(
                await identityError { _ = try await service.addGuardian(ann, member: "Max", email: address) }
                    == .invalidEmail)
            #expect(
                await identityError { _ = try await service.removeGuardian(ann, member: "Max", email: address) }
                    == .invalidEmail)
            #expect(try await env.store.read { try $0.account(email: address) } == nil)
        }
        #expect(try await env.outbox().count == mailed)
        #expect(try await service.account(ann).email == email("Ann"))
    }

    /// Addresses enter through the grammar now, but an account made before it was strict may hold one: nothing is
    /// queued to it (its mail went to the address inside the brackets), and what it does goes on.
    static func aStoredBadAddressIsNeverMailed(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: MailSettings(from: "no-reply@kith.example"))
        let now = env.clock.now()
        let eve = Account(
            id: "eve", email: "<evil@example.org>", firstName: "Eve", lastName: "Tester", role: .member,
            accountType: .private, authMethod: .password, createdAt: now)
        let token = "eve-session-token"
        try await env.store.write { transaction in
            try transaction.insertAccount(eve, passwordHash: AccountRules.noPasswordHash)
            try transaction.insertSession(
                Session(
                    id: "eve-session", accountId: eve.id, tokenHash: TokenDigest.hexDigest(token), createdAt: now,
                    expiresAt: now.addingTimeInterval(3600)))
        }
        let principal = try await service.principal(forToken: token)
        _ = try await service.resendVerification(principal)
        #expect(try await env.outbox().isEmpty)
    }

    static func signUpRefusesBadInputAndCreatesNothing(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let device = env.device(service)
        func attempt(_ email: String, _ first: String, _ last: String, _ password: String) async -> IdentityError? {
            await identityError {
                _ = try await device.signUp(SignUp(email: email, firstName: first, lastName: last, password: password))
            }
        }
        #expect(await attempt("ann@example", "Ann", "Lee", "password1") == .invalidEmail)
        #expect(
            await attempt("ann@example.com", "Ann2", "Lee", "password1")?.description
                == "Please enter a valid name (1-50 characters): the first name contains a digit")
        #expect(
            await attempt("ann@example.com", "Ann", "", "password1")?.description
                == "Please enter a valid name (1-50 characters): the last name is empty")
        #expect(
            await attempt("ann@example.com", "Ann", "Lee", "1234567")?.description
                == "Passwords must be 8 to 256 characters")
        #expect(await attempt("ann@example.com", "Ann", "Lee", String(repeating: "p", count: 257)) == .invalidPassword)
        #expect(await attempt("ann@example.com", "Ann", "Lee", "12345678") == .commonPassword)
        #expect(try await device.savedAccounts().isEmpty)
        #expect(try await env.store.read { try $0.account(email: "ann@example.com") } == nil)
        #expect(env.hasher.total == 0)
        _ = try await device.signUp(
            SignUp(
                email: "ann@example.com", firstName: "Ann", lastName: "Lee",
                password: String(repeating: "p", count: 256)))
        _ = try await device.signUp(
            SignUp(email: "bo@example.com", firstName: "Bo", lastName: "Lee", password: "k3y-8ch!"))
    }

    static func emailsAreUniqueCaseInsensitively(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let device = env.device(service)
        try await device.signUp("Ann")
        let error = await identityError {
            _ = try await device.signUp(
                SignUp(email: " ANN@example.COM", firstName: "Other", lastName: "Ann", password: "password-x"))
        }
        #expect(error?.description == "An account with this email already exists")
        #expect(env.hasher.hashes == 1)
    }

    static func wrongPasswordAndUnknownEmailReadTheSame(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let device = env.device(service)
        try await device.signUp("Ann")
        try await device.logOut()
        let before = env.hasher.verifies
        let wrong = await identityError { _ = try await device.logIn(email: email("Ann"), password: "wrong-password") }
        let unknown = await identityError { _ = try await device.logIn(email: "nobody@example.com", password: "x") }
        #expect(wrong?.description == "Email or password is incorrect")
        #expect(unknown == wrong)
        // The unknown email was verified against a dummy hash too, so timing does not tell them apart.
        #expect(env.hasher.verifies == before + 2)
        #expect(try await device.currentPrincipal() == nil)
        let account = try await device.logIn(email: "ANN@example.com", password: password("Ann"))
        #expect(try await device.me().accountId == account.id)
    }

    static func logoutEndsTheSessionAndKeepsTheAccountSaved(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let device = env.device(service)
        try await device.signUp("Ann")
        let principal = try await device.me()
        try await device.logOut()
        #expect(try await device.currentPrincipal() == nil)
        let saved = try await device.savedAccounts()
        #expect(saved.map(\.account.email) == [email("Ann")])
        #expect(saved[0].sessionLive == false)
        #expect(await identityError { _ = try await service.account(principal) } == .notSignedIn)
        #expect(
            await identityError { try await device.logOut() }?.description
                == "Not signed in. Use `login` or `signup` first.")
        #expect(try await env.device().currentPrincipal() == nil)
    }

    static func nameAndRoleChanges(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let device = env.device(service)
        try await device.signUp("Ann", role: .player)
        let principal = try await device.me()
        let renamed = try await service.changeName(principal, firstName: "Jose\u{301}", lastName: "نیلوفر\u{200C}ها")
        #expect(renamed.firstName == "Jos\u{E9}")
        #expect(try await device.savedAccounts()[0].account.displayName == "Jos\u{E9} نیلوفر\u{200C}ها")
        let error = await identityError { _ = try await service.changeName(principal, firstName: "A😀", lastName: "B") }
        #expect(error?.description == "Please enter a valid name (1-50 characters): the first name contains an emoji")
        #expect(try await service.account(principal).firstName == "Jos\u{E9}")
        #expect(try await service.changeRole(principal, to: .parent).role == .parent)
        #expect(try await service.account(principal).role == .parent)
    }

    static func passwordChangeNeedsTheCurrentOneAndEndsOtherSessions(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let device = env.device(service)
        try await device.signUp("Ann")
        let principal = try await device.me()
        let remote = try await service.signIn(email: email("Ann"), password: password("Ann"))
        #expect(try await service.principal(forToken: remote.token).accountId == principal.accountId)

        #expect(
            await identityError {
                try await service.changePassword(principal, current: "not-it-at-all", new: "new-password")
            } == .incorrectCredentials)
        #expect(
            await identityError {
                try await service.changePassword(principal, current: password("Ann"), new: "short")
            } == .invalidPassword)
        try await service.changePassword(principal, current: password("Ann"), new: "new-password")

        #expect(await identityError { _ = try await service.principal(forToken: remote.token) } == .notSignedIn)
        #expect(try await device.currentPrincipal() == principal)
        try await device.logOut()
        #expect(
            await identityError { _ = try await device.logIn(email: email("Ann"), password: password("Ann")) }
                == .incorrectCredentials)
        _ = try await device.logIn(email: email("Ann"), password: "new-password")
    }

    static func accountActionsAreRefusedWhileActing(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let device = env.device(service)
        try await device.signUp("Ann")
        try await device.signUp("Bo")
        var principal = try await device.me()
        _ = try await service.createHousehold(principal, name: "Home")
        let mia = try await service.addManagedMember(principal, displayName: "Mia", avatarKey: "")
        principal.actingAs = ActingAs(memberId: mia.memberId, displayName: mia.displayName)
        let acting = principal
        let refusals: [() async throws -> Void] = [
            { _ = try await service.changeName(acting, firstName: "X", lastName: "Y") },
            { _ = try await service.changeRole(acting, to: .player) },
            { try await service.changePassword(acting, current: password("Bo"), new: "new-password") },
            { try await device.removeSavedAccount(email("Ann"), by: acting) },
            { _ = try await service.createHousehold(acting, name: "Other") },
            { _ = try await service.renameHousehold(acting, name: "Other") },
            { _ = try await service.useHousehold(acting, "Home") },
            { try await service.leaveHousehold(acting, "Home") },
            { _ = try await service.joinHousehold(acting, householdId: "x", role: .parent) },
            { _ = try await service.addManagedMember(acting, displayName: "Kim", avatarKey: "") },
            { _ = try await service.removeMember(acting, "Mia") },
            { _ = try await service.addGuardian(acting, member: "Mia", email: email("Bo")) },
            { _ = try await service.removeGuardian(acting, member: "Mia", email: email("Bo")) },
        ]
        for refusal in refusals {
            let error = await identityError(refusal)
            #expect(error?.description == "Not available while viewing as Mia. Switch back first.")
        }
        #expect(try await device.savedAccounts().count == 2)
        #expect(try await service.activeHousehold(acting)?.members.count == 2)
    }
}
