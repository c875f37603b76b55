import Accounts
import Foundation
import Identity
import Mail
import StorageTesting
import Testing

/// Password recovery: the mailed code, the reset, and their limits (contract, every store).
public enum RecoveryContract {
    /// The cases, for every store, PostgreSQL included.
    public static let cases: [ContractCase<IdentityContractEnvironment>] = [
        ContractCase("forgot mails a known email a code and an unknown one nothing", forgotMailsOnlyAKnownEmail),
        ContractCase("a reset sets the password, ends every session and mails a notice", aResetEndsEverySession),
        ContractCase("a code is read without case or dashes and works once", aCodeIsReadLooselyAndWorksOnce),
        ContractCase("a wrong or expired code changes nothing; five wrong end it", aWrongOrExpiredCodeChangesNothing),
        ContractCase("a newer code ends the older", aNewerCodeEndsTheOlder),
        ContractCase("three codes an email an hour; more send nothing", threeCodesAnEmailAnHour),
        ContractCase("twenty requests and thirty wrong codes an address an hour", addressLimits),
        ContractCase("without mail recovery is not offered", withoutMailRecoveryIsNotOffered),
    ]

    static let mail = MailSettings(from: "no-reply@kith.example")

    /// The recovery code in the newest message to `email`.
    static func latestCode(_ env: IdentityContractEnvironment, to email: String) async throws -> String {
        let text = try #require(try await env.outbox().last { $0.mail.recipient == email }?.mail.text)
        return String(try #require(text.firstMatch(of: /Your code is ([0-9A-Z]{4}-[0-9A-Z]{4})/)).1)
    }

    static func messages(_ env: IdentityContractEnvironment, to email: String) async throws -> [OutboxEntry] {
        try await env.outbox().filter { $0.mail.recipient == email }
    }

    static func forgotMailsOnlyAKnownEmail(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: mail)
        _ = try await service.register("Ann")
        let before = try await env.outbox().count
        try await service.forgotPassword(email: " ANN@example.com ", clientAddress: "10.0.0.1")
        try await service.forgotPassword(email: "nobody@example.com", clientAddress: "10.0.0.1")
        let sent = try await env.outbox().dropFirst(before)
        #expect(sent.map(\.mail.recipient) == [email("Ann")])
        #expect(sent.first?.mail.text.contains("Subject: Your Kith password reset code") == true)
        let code = try await latestCode(env, to: email("Ann"))
        #expect(code.count == 9)
        #expect(
            await identityError { try await service.forgotPassword(email: "not an email", clientAddress: nil) }
                == .invalidEmail)
    }

    static func aResetEndsEverySession(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: mail)
        let ann = try await service.register("Ann")
        let other = try await service.signIn(email: email("Ann"), password: password("Ann"))
        try await service.forgotPassword(email: email("Ann"), clientAddress: nil)
        let code = try await latestCode(env, to: email("Ann"))
        let grant = try await service.resetPassword(
            email: email("Ann"), code: code, newPassword: "a brand new password", clientAddress: nil)
        // Every session before the reset has ended; the reset's own is live.
        #expect(await identityError { _ = try await service.account(ann) } == .notSignedIn)
        #expect(await identityError { _ = try await service.principal(forToken: other.token) } == .notSignedIn)
        let fresh = try await service.principal(forToken: grant.token)
        #expect(try await service.account(fresh).emailVerified)
        _ = try await service.signIn(email: email("Ann"), password: "a brand new password")
        #expect(
            await identityError { _ = try await service.signIn(email: email("Ann"), password: password("Ann")) }
                == .incorrectCredentials)
        let notice = try #require(try await messages(env, to: email("Ann")).last)
        #expect(notice.mail.text.contains("Subject: Your Kith password was changed"))
        #expect(!notice.mail.text.contains(code))
        // Used: refused the second time, and nothing changes.
        #expect(
            await identityError {
                _ = try await service.resetPassword(
                    email: email("Ann"), code: code, newPassword: "yet another password", clientAddress: nil)
            } == .recoveryCodeInvalid(email: email("Ann")))
        _ = try await service.signIn(email: email("Ann"), password: "a brand new password")
    }

    static func aCodeIsReadLooselyAndWorksOnce(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: mail)
        _ = try await service.register("Ann")
        try await service.forgotPassword(email: email("Ann"), clientAddress: nil)
        let code = try await latestCode(env, to: email("Ann"))
        let typed = " " + code.replacingOccurrences(of: "-", with: "").lowercased() + " "
        _ = try await service.resetPassword(
            email: email("Ann"), code: typed, newPassword: "a brand new password", clientAddress: nil)
        _ = try await service.signIn(email: email("Ann"), password: "a brand new password")
    }

    static func aWrongOrExpiredCodeChangesNothing(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: mail)
        let ann = try await service.register("Ann")
        try await service.forgotPassword(email: email("Ann"), clientAddress: nil)
        let code = try await latestCode(env, to: email("Ann"))
        let wrong = code == "AAAA-AAAA" ? "BBBB-BBBB" : "AAAA-AAAA"
        let refusal = IdentityError.recoveryCodeInvalid(email: email("Ann"))
        #expect(
            refusal.description
                == "That code is not right or has expired. Use `password forgot ann@example.com` for a new one.")
        func reset(_ code: String, _ who: String = email("Ann")) async -> IdentityError? {
            await identityError {
                _ = try await service.resetPassword(
                    email: who, code: code, newPassword: "a brand new password", clientAddress: nil)
            }
        }
        #expect(await reset(code, "nobody@example.com") == .recoveryCodeInvalid(email: "nobody@example.com"))
        for _ in 1...5 { #expect(await reset(wrong) == refusal) }
        // Nothing changed: the old password and the session work; the code is ended by the five wrong tries.
        _ = try await service.account(ann)
        _ = try await service.signIn(email: email("Ann"), password: password("Ann"))
        #expect(await reset(code) == refusal)
        // A new code expires after 15 minutes.
        try await service.forgotPassword(email: email("Ann"), clientAddress: nil)
        let next = try await latestCode(env, to: email("Ann"))
        env.clock.advance(by: 15 * 60)
        #expect(await reset(next) == refusal)
        _ = try await service.signIn(email: email("Ann"), password: password("Ann"))
    }

    static func aNewerCodeEndsTheOlder(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: mail)
        _ = try await service.register("Ann")
        try await service.forgotPassword(email: email("Ann"), clientAddress: nil)
        let first = try await latestCode(env, to: email("Ann"))
        try await service.forgotPassword(email: email("Ann"), clientAddress: nil)
        let second = try await latestCode(env, to: email("Ann"))
        if first != second {
            #expect(
                await identityError {
                    _ = try await service.resetPassword(
                        email: email("Ann"), code: first, newPassword: "a brand new password", clientAddress: nil)
                } == .recoveryCodeInvalid(email: email("Ann")))
        }
        _ = try await service.resetPassword(
            email: email("Ann"), code: second, newPassword: "a brand new password", clientAddress: nil)
    }

    static func threeCodesAnEmailAnHour(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: mail)
        _ = try await service.register("Ann")
        let before = try await messages(env, to: email("Ann")).count
        for _ in 1...5 { try await service.forgotPassword(email: email("Ann"), clientAddress: "10.0.0.1") }
        #expect(try await messages(env, to: email("Ann")).count == before + 3)
        env.clock.advance(by: 3600)
        try await service.forgotPassword(email: email("Ann"), clientAddress: "10.0.0.1")
        #expect(try await messages(env, to: email("Ann")).count == before + 4)
    }

    static func addressLimits(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: mail)
        _ = try await service.register("Ann")
        for index in 1...20 {
            try await service.forgotPassword(email: "nobody\(index)@example.com", clientAddress: "10.0.0.9")
        }
        let refused = await identityError {
            try await service.forgotPassword(email: email("Ann"), clientAddress: "10.0.0.9")
        }
        guard case .tooManyTries(let wait) = refused else {
            Issue.record("expected tooManyTries, got \(String(describing: refused))")
            return
        }
        #expect(wait > 3500 && wait <= 3600)
        // Another address is not limited by that one.
        try await service.forgotPassword(email: email("Ann"), clientAddress: "10.0.0.10")
        let code = try await latestCode(env, to: email("Ann"))
        for _ in 1...30 {
            _ = await identityError {
                _ = try await service.resetPassword(
                    email: "nobody@example.com", code: "AAAA-AAAA", newPassword: "a brand new password",
                    clientAddress: "10.0.0.11")
            }
        }
        // The 31st try from that address is refused before the code is looked at, right as it is.
        let blocked = await identityError {
            _ = try await service.resetPassword(
                email: email("Ann"), code: code, newPassword: "a brand new password", clientAddress: "10.0.0.11")
        }
        if case .tooManyTries = blocked {
        } else {
            Issue.record("expected tooManyTries, got \(String(describing: blocked))")
        }
        _ = try await service.signIn(email: email("Ann"), password: password("Ann"))
        _ = try await service.resetPassword(
            email: email("Ann"), code: code, newPassword: "a brand new password", clientAddress: "10.0.0.12")
    }

    static func withoutMailRecoveryIsNotOffered(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        _ = try await service.register("Ann")
        #expect(
            await identityError { try await service.forgotPassword(email: email("Ann"), clientAddress: nil) }
                == .mailNotConfigured)
        #expect(try await env.outbox().isEmpty)
    }
}
