import Accounts
import Foundation
import Identity
import Kernel
import StorageTesting
import Testing

/// The account rules as a server applies them, with bearer sessions and no device: they hold alike on every store,
/// PostgreSQL included.
/// Accounts over bearer sessions (contract, every store).
public enum BearerAccountContract {
    /// The cases, for every store, PostgreSQL included.
    public static let cases: [ContractCase<IdentityContractEnvironment>] = [
        ContractCase(
            "bearer sessions live thirty days and store only the token's hash",
            bearerSessionsLiveThirtyDaysAndStoreOnlyTheTokenHash),
        ContractCase(
            "register refuses bad input and taken emails, and creates nothing",
            registerRefusesBadInputAndTakenEmailsAndCreatesNothing),
        ContractCase("a wrong password and an unknown email read the same", aWrongPasswordAndAnUnknownEmailReadTheSame),
        ContractCase("name, role and password change", nameRoleAndPasswordChanges),
        ContractCase("account actions are refused while acting", accountActionsAreRefusedWhileActing),
    ]

    static func bearerSessionsLiveThirtyDaysAndStoreOnlyTheTokenHash(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let device = env.device(service)
        let grant = try await service.register(
            SignUp(email: "srv@example.com", firstName: "Server", lastName: "User", password: "password-srv"))
        // A bearer session leaves this device alone.
        #expect(try await device.savedAccounts().isEmpty)
        #expect(try await device.currentPrincipal() == nil)
        #expect(grant.token.count == 43)
        let session = try await env.store.read { try $0.session(id: grant.sessionId) }
        #expect(session?.tokenHash == TokenDigest.hexDigest(grant.token))
        #expect(session?.expiresAt == env.clock.now().addingTimeInterval(30 * IdentityContractEnvironment.day))
        #expect(try await service.principal(forToken: grant.token).accountId == grant.accountId)

        let second = try await service.signIn(email: "srv@example.com", password: "password-srv")
        #expect(second.token != grant.token)
        try await service.endSession(token: second.token)
        #expect(await identityError { _ = try await service.principal(forToken: second.token) } == .notSignedIn)
        #expect(await identityError { _ = try await service.principal(forToken: "made-up") } == .notSignedIn)

        env.clock.advance(by: 30 * IdentityContractEnvironment.day)
        #expect(await identityError { _ = try await service.principal(forToken: grant.token) } == .notSignedIn)
    }

    static func registerRefusesBadInputAndTakenEmailsAndCreatesNothing(_ env: IdentityContractEnvironment) async throws
    {
        let service = env.service()
        func attempt(_ email: String, _ first: String, _ last: String, _ password: String) async -> IdentityError? {
            await identityError {
                _ = try await service.register(
                    SignUp(email: email, firstName: first, lastName: last, password: password))
            }
        }
        #expect(await attempt("ann@example", "Ann", "Lee", "password1") == .invalidEmail)
        #expect(
            await attempt("ann@example.com", "Ann2", "Lee", "password1")?.description
                == "Please enter a valid name (1-50 characters): the first name contains a digit")
        #expect(await attempt("ann@example.com", "Ann", "Lee", "1234567") == .invalidPassword)
        #expect(try await env.store.read { try $0.account(email: "ann@example.com") } == nil)
        #expect(env.hasher.total == 0)

        _ = try await service.register("Ann")
        #expect(
            await attempt(" ANN@example.COM", "Other", "Ann", "password-x")?.description
                == "An account with this email already exists")
        // Refused before hashing: only Ann's password was hashed.
        #expect(env.hasher.hashes == 1)
    }

    static func aWrongPasswordAndAnUnknownEmailReadTheSame(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        _ = try await service.register("Ann")
        let before = env.hasher.verifies
        let wrong = await identityError {
            _ = try await service.signIn(email: email("Ann"), password: "wrong-password")
        }
        let unknown = await identityError { _ = try await service.signIn(email: "nobody@example.com", password: "x") }
        #expect(wrong == .incorrectCredentials)
        #expect(unknown == wrong)
        // The unknown email was verified against a dummy hash too, so timing does not tell them apart.
        #expect(env.hasher.verifies == before + 2)
        let grant = try await service.signIn(email: "ANN@example.com", password: password("Ann"))
        #expect(try await service.principal(forToken: grant.token).accountId == grant.accountId)
    }

    static func nameRoleAndPasswordChanges(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let ann = try await service.register("Ann", role: .player)
        let renamed = try await service.changeName(ann, firstName: "Jose\u{301}", lastName: "Lee")
        #expect(renamed.firstName == "Jos\u{E9}")
        let error = await identityError { _ = try await service.changeName(ann, firstName: "A😀", lastName: "B") }
        #expect(error?.description == "Please enter a valid name (1-50 characters): the first name contains an emoji")
        #expect(try await service.account(ann).displayName == "Jos\u{E9} Lee")
        #expect(try await service.changeRole(ann, to: .parent).role == .parent)
        #expect(try await service.changeAccountType(ann, to: .corporate).accountType == .corporate)

        let other = try await service.signIn(email: email("Ann"), password: password("Ann"))
        #expect(
            await identityError { try await service.changePassword(ann, current: "not-it-at-all", new: "new-password") }
                == .incorrectCredentials)
        try await service.changePassword(ann, current: password("Ann"), new: "new-password")
        // The other sessions end; the one that changed it lives on.
        #expect(await identityError { _ = try await service.principal(forToken: other.token) } == .notSignedIn)
        #expect(try await service.account(ann).role == .parent)
        #expect(
            await identityError { _ = try await service.signIn(email: email("Ann"), password: password("Ann")) }
                == .incorrectCredentials)
        _ = try await service.signIn(email: email("Ann"), password: "new-password")
    }

    static func accountActionsAreRefusedWhileActing(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        var principal = try await service.register("Ann")
        _ = try await service.createHousehold(principal, name: "Home")
        let mia = try await service.addManagedMember(principal, displayName: "Mia", avatarKey: "")
        principal.actingAs = ActingAs(memberId: mia.memberId, displayName: mia.displayName)
        let acting = principal
        let refusals: [() async throws -> Void] = [
            { _ = try await service.changeName(acting, firstName: "X", lastName: "Y") },
            { _ = try await service.changeRole(acting, to: .player) },
            { try await service.changePassword(acting, current: password("Ann"), new: "new-password") },
            { _ = try await service.createHousehold(acting, name: "Other") },
            { _ = try await service.addManagedMember(acting, displayName: "Kim", avatarKey: "") },
            { _ = try await service.removeMember(acting, "Mia") },
        ]
        for refusal in refusals {
            let error = await identityError(refusal)
            #expect(error?.description == "Not available while viewing as Mia. Switch back first.")
        }
        #expect(try await service.account(acting).firstName == "Ann")
        #expect(try await service.activeHousehold(acting)?.members.count == 2)
    }
}
