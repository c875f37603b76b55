import Accounts
import Foundation
import Identity
import Mail
import StorageTesting
import Testing

/// Email change: the code to the new address, its confirmation, and the notice to the old (contract, every store).
public enum EmailChangeContract {
    /// The cases, for every store, PostgreSQL included.
    public static let cases: [ContractCase<IdentityContractEnvironment>] = [
        ContractCase("a change is made with the code sent to the new email", aChangeIsMadeWithTheCode),
        ContractCase("nothing changes until confirmed, and a change lasts 30 minutes", nothingChangesUntilConfirmed),
        ContractCase("the password is needed and a taken email is refused", thePasswordIsNeededAndTakenIsRefused),
        ContractCase("an account without a password needs a recent provider sign-in", withoutAPasswordARecentSignIn),
        ContractCase("an email taken meanwhile is refused at confirmation", anEmailTakenMeanwhileIsRefused),
    ]

    static let mail = MailSettings(from: "no-reply@kith.example")

    static func latestCode(_ env: IdentityContractEnvironment, to email: String) async throws -> String {
        let text = try #require(try await env.outbox().last { $0.mail.recipient == email }?.mail.text)
        return String(try #require(text.firstMatch(of: /email change code is (\d{6})/)).1)
    }

    static func aChangeIsMadeWithTheCode(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: mail)
        let device = env.device(service)
        _ = try await device.signUp("Ann")
        let ann = try await device.me()
        #expect(
            try await service.changeEmail(ann, to: " Ann.New@Example.com ", password: password("Ann"))
                == "Ann.New@Example.com")
        let code = try await latestCode(env, to: "Ann.New@Example.com")
        let wrong = code == "000000" ? "000001" : "000000"
        #expect(await identityError { _ = try await service.confirmEmailChange(ann, code: wrong) } == .wrongEmailCode)
        #expect(try await service.account(ann).email == email("Ann"))
        let changed = try await service.confirmEmailChange(ann, code: code)
        #expect(changed.email == "Ann.New@Example.com")
        #expect(changed.emailVerified)
        // The old address is told, naming the new one only masked; the saved account follows; sign-in moves.
        let notice = try #require(try await env.outbox().last { $0.mail.recipient == email("Ann") }?.mail.text)
        #expect(notice.contains("Subject: Your Kith email was changed"))
        #expect(notice.contains("A***@E***.com"))
        #expect(!notice.contains("Ann.New@Example.com"))
        #expect(try await device.savedAccounts().map(\.account.email) == ["Ann.New@Example.com"])
        _ = try await service.signIn(email: "ann.new@example.com", password: password("Ann"))
        #expect(
            await identityError { _ = try await service.signIn(email: email("Ann"), password: password("Ann")) }
                == .incorrectCredentials)
        #expect(
            await identityError { _ = try await service.confirmEmailChange(ann, code: code) } == .emailChangeExpired)
    }

    static func nothingChangesUntilConfirmed(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: mail)
        let ann = try await service.register("Ann")
        _ = try await service.changeEmail(ann, to: "ann.new@example.com", password: password("Ann"))
        let code = try await latestCode(env, to: "ann.new@example.com")
        #expect(try await service.account(ann).email == email("Ann"))
        // The new address is not taken by a pending change.
        _ = try await service.register(
            SignUp(email: "someone@example.com", firstName: "Sam", lastName: "One", password: "password-sam"))
        env.clock.advance(by: 30 * 60)
        #expect(
            await identityError { _ = try await service.confirmEmailChange(ann, code: code) } == .emailChangeExpired)
        #expect(try await service.account(ann).email == email("Ann"))
    }

    static func thePasswordIsNeededAndTakenIsRefused(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: mail)
        let ann = try await service.register("Ann")
        _ = try await service.register("Bob")
        let before = try await env.outbox().count
        #expect(
            await identityError {
                _ = try await service.changeEmail(ann, to: "new@example.com", password: "wrong-pass")
            }
                == .incorrectCredentials)
        #expect(
            await identityError { _ = try await service.changeEmail(ann, to: email("Bob"), password: password("Ann")) }
                == .emailTaken)
        #expect(
            await identityError {
                _ = try await service.changeEmail(ann, to: "not-an-email", password: password("Ann"))
            }
                == .invalidEmail)
        #expect(try await env.outbox().count == before)
        #expect(
            await identityError { _ = try await env.service().changeEmail(ann, to: "x@example.com", password: nil) }
                == .mailNotConfigured)
    }

    static func withoutAPasswordARecentSignIn(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(verifiers: [StubVerifier.google], mail: mail)
        let grant = try await service.signIn(with: StubVerifier.signIn("ann")).grant
        let ann = try await service.principal(forToken: grant.token)
        env.clock.advance(by: 11 * 60)
        #expect(
            await identityError { _ = try await service.changeEmail(ann, to: "new@example.com", password: nil) }
                == .recentSignInNeeded)
        let again = try await service.principal(
            forToken: try await service.signIn(with: StubVerifier.signIn("ann")).grant.token)
        #expect(try await service.changeEmail(again, to: "new@example.com", password: nil) == "new@example.com")
    }

    static func anEmailTakenMeanwhileIsRefused(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: mail)
        let ann = try await service.register("Ann")
        _ = try await service.changeEmail(ann, to: "wanted@example.com", password: password("Ann"))
        let code = try await latestCode(env, to: "wanted@example.com")
        _ = try await service.register(
            SignUp(email: "wanted@example.com", firstName: "Wes", lastName: "Quick", password: "password-wes"))
        #expect(await identityError { _ = try await service.confirmEmailChange(ann, code: code) } == .emailTaken)
        #expect(try await service.account(ann).email == email("Ann"))
    }
}
