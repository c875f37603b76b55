import Accounts
import Foundation
import Mail
import StorageTesting
import Testing

/// Verified emails: the mailed code, its limits, and `--require-verified-email` (contract, every store).
public enum VerificationContract {
    /// The cases, for every store, PostgreSQL included.
    public static let cases: [ContractCase<IdentityContractEnvironment>] = [
        ContractCase("sign-up queues one message holding a code that verifies", signUpQueuesACodeThatVerifies),
        ContractCase("a wrong code is counted and the fifth ends the code", aWrongCodeIsCountedAndTheFifthEndsIt),
        ContractCase("a code expires after 30 minutes", aCodeExpiresAfter30Minutes),
        ContractCase("a new code: one a minute, five an hour, ending the older", resendLimitsAndEndsTheOlderCode),
        ContractCase("without mail nothing is queued and verifying is not offered", withoutMailNothingIsOffered),
        ContractCase("an unverified account may only see itself and verify", anUnverifiedAccountMayOnlyVerify),
        ContractCase("accounts Google made are verified", accountsGoogleMadeAreVerified),
    ]

    static let mail = MailSettings(from: "no-reply@kith.example")

    /// The code in the newest message to `email`.
    static func latestCode(_ env: IdentityContractEnvironment, to email: String) async throws -> String {
        let messages = try await env.outbox().filter { $0.mail.recipient == email }
        let text = try #require(messages.last?.mail.text)
        let match = try #require(text.firstMatch(of: /verification code is (\d{6})/))
        return String(match.1)
    }

    static func signUpQueuesACodeThatVerifies(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: mail)
        let grant = try await service.register(
            SignUp(email: email("Ann"), firstName: "Ann", lastName: "Tester", password: password("Ann")))
        #expect(grant.verificationSentTo == email("Ann"))
        let ann = try await service.principal(forToken: grant.token)
        let messages = try await env.outbox()
        #expect(messages.count == 1)
        #expect(messages.first?.mail.recipient == email("Ann"))
        #expect(messages.first?.mail.sender == mail.from)
        #expect(messages.first?.status == .queued)
        #expect(try await service.account(ann).emailVerified == false)
        let code = try await latestCode(env, to: email("Ann"))
        #expect(try await service.verifyEmail(ann, code: " \(code) ").emailVerified)
        #expect(try await service.account(ann).emailVerified)
        // Used: the same code again changes nothing.
        #expect(await identityError { _ = try await service.verifyEmail(ann, code: code) } == .emailCodeExpired)
        #expect(await identityError { _ = try await service.resendVerification(ann) } == .emailAlreadyVerified)
        #expect(try await env.outbox().count == 1)
    }

    static func aWrongCodeIsCountedAndTheFifthEndsIt(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: mail)
        let ann = try await service.register("Ann")
        let code = try await latestCode(env, to: email("Ann"))
        let wrong = code == "000000" ? "000001" : "000000"
        for _ in 1...4 {
            #expect(await identityError { _ = try await service.verifyEmail(ann, code: wrong) } == .wrongEmailCode)
        }
        #expect(try await service.account(ann).emailVerified == false)
        #expect(await identityError { _ = try await service.verifyEmail(ann, code: wrong) } == .wrongEmailCode)
        // Five wrong tries ended it: the right code no longer works.
        #expect(await identityError { _ = try await service.verifyEmail(ann, code: code) } == .emailCodeExpired)
        #expect(try await service.account(ann).emailVerified == false)
        // A new code works again.
        env.clock.advance(by: 61)
        _ = try await service.resendVerification(ann)
        #expect(try await service.verifyEmail(ann, code: try await latestCode(env, to: email("Ann"))).emailVerified)
    }

    static func aCodeExpiresAfter30Minutes(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: mail)
        let ann = try await service.register("Ann")
        let code = try await latestCode(env, to: email("Ann"))
        env.clock.advance(by: 30 * 60)
        #expect(await identityError { _ = try await service.verifyEmail(ann, code: code) } == .emailCodeExpired)
        #expect(try await service.account(ann).emailVerified == false)
    }

    static func resendLimitsAndEndsTheOlderCode(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: mail)
        let ann = try await service.register("Ann")
        let first = try await latestCode(env, to: email("Ann"))
        // Sign-up sent one: the next waits a minute.
        env.clock.advance(by: 20)
        #expect(
            await identityError { _ = try await service.resendVerification(ann) } == .waitForNewCode(retryAfter: 40))
        #expect(try await env.outbox().count == 1)
        for sent in 2...5 {
            env.clock.advance(by: 60)
            #expect(try await service.resendVerification(ann) == email("Ann"))
            #expect(try await env.outbox().count == sent)
        }
        // Five within the hour (the sign-up's and four more): the sixth waits for the hour from the fifth.
        env.clock.advance(by: 60)
        #expect(
            await identityError { _ = try await service.resendVerification(ann) }
                == .waitForNewCode(retryAfter: 3600 - 60))
        #expect(try await env.outbox().count == 5)
        let latest = try await latestCode(env, to: email("Ann"))
        if latest != first {
            #expect(await identityError { _ = try await service.verifyEmail(ann, code: first) } == .wrongEmailCode)
        }
        #expect(try await service.verifyEmail(ann, code: latest).emailVerified)
    }

    static func withoutMailNothingIsOffered(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let grant = try await service.register(
            SignUp(email: email("Ann"), firstName: "Ann", lastName: "Tester", password: password("Ann")))
        #expect(grant.verificationSentTo == nil)
        let ann = try await service.principal(forToken: grant.token)
        #expect(try await env.outbox().isEmpty)
        #expect(await identityError { _ = try await service.resendVerification(ann) } == .mailNotConfigured)
        #expect(await identityError { _ = try await service.verifyEmail(ann, code: "123456") } == .mailNotConfigured)
    }

    static func anUnverifiedAccountMayOnlyVerify(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: mail, requireVerifiedEmail: true)
        let ann = try await service.register("Ann")
        #expect(ann.requiresVerifiedEmail)
        let refusal = IdentityError.emailNotVerified(email: email("Ann"))
        #expect(refusal.description == "Verify your email first: we sent a code to \(email("Ann")).")
        #expect(await identityError { _ = try await service.createHousehold(ann, name: "Lees") } == refusal)
        #expect(await identityError { _ = try await service.households(ann) } == refusal)
        #expect(await identityError { _ = try await service.changeName(ann, firstName: "A", lastName: "B") } == refusal)
        #expect(try await service.households(Principal(accountId: ann.accountId, sessionId: ann.sessionId)).isEmpty)
        // What it may do: see itself, ask for a code, verify.
        #expect(try await service.account(ann).email == email("Ann"))
        env.clock.advance(by: 61)
        _ = try await service.resendVerification(ann)
        _ = try await service.verifyEmail(ann, code: try await latestCode(env, to: email("Ann")))
        #expect(try await service.createHousehold(ann, name: "Lees").name == "Lees")
    }

    static func accountsGoogleMadeAreVerified(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(verifiers: [StubVerifier.google], mail: mail, requireVerifiedEmail: true)
        let grant = try await service.signIn(with: StubVerifier.signIn("ann")).grant
        #expect(grant.verificationSentTo == nil)
        let ann = try await service.principal(forToken: grant.token)
        #expect(try await service.account(ann).emailVerified)
        #expect(try await service.createHousehold(ann, name: "Lees").name == "Lees")
        #expect(try await env.outbox().isEmpty)
    }
}
