import Accounts
import Foundation
import Identity
import Mail
import StorageTesting
import Testing

/// DOMAIN.md's limits on guessing passwords (contract, every store): counted in the store before any hash, so every
/// server shares them; while blocked nothing is verified.
public enum SignInLimitsContract {
    /// The cases, for every store, PostgreSQL included.
    public static let cases: [ContractCase<IdentityContractEnvironment>] = [
        ContractCase("5 failures block that address for that account for 15 minutes", anAddressIsBlockedAfterFive),
        ContractCase("a success clears the account's count for that address", aSuccessClearsTheCount),
        ContractCase("successes never add up to a block", successesNeverAddUp),
        ContractCase(
            "100 failures block the account everywhere; sessions and recovery go on", anAccountIsBlockedAfter100),
        ContractCase("100 failures from one address block it for every email", anAddressIsBlockedAfter100),
    ]

    static let mail = MailSettings(from: "no-reply@kith.example")

    static func wrong(
        _ service: LocalIdentityService, _ email: String, from address: String
    ) async -> IdentityError? {
        await identityError {
            _ = try await service.signIn(email: email, password: "not the password", clientAddress: address)
        }
    }

    static func anAddressIsBlockedAfterFive(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        _ = try await service.register("Ann")
        for _ in 1...5 { #expect(await wrong(service, email("Ann"), from: "10.0.0.1") == .incorrectCredentials) }
        let checked = env.hasher.verifies
        // Blocked: refused without a hash, the right password too; the sentence says how long.
        #expect(await wrong(service, email("Ann"), from: "10.0.0.1") == .tooManySignInAttempts(retryAfter: 900))
        #expect(
            await identityError {
                _ = try await service.signIn(email: email("Ann"), password: password("Ann"), clientAddress: "10.0.0.1")
            } == .tooManySignInAttempts(retryAfter: 900))
        #expect(env.hasher.verifies == checked)
        #expect(
            IdentityError.tooManySignInAttempts(retryAfter: 754).description
                == "Too many sign-in attempts. Try again in 12m 34s.")
        // Another address is checked; an unknown email from the blocked address is another account.
        _ = try await service.signIn(email: email("Ann"), password: password("Ann"), clientAddress: "10.0.0.2")
        #expect(await wrong(service, "nobody@example.com", from: "10.0.0.1") == .incorrectCredentials)
        env.clock.advance(by: 15 * 60)
        _ = try await service.signIn(email: email("Ann"), password: password("Ann"), clientAddress: "10.0.0.1")
    }

    static func aSuccessClearsTheCount(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        _ = try await service.register("Ann")
        for _ in 1...4 { _ = await wrong(service, email("Ann"), from: "10.0.0.1") }
        _ = try await service.signIn(email: email("Ann"), password: password("Ann"), clientAddress: "10.0.0.1")
        for _ in 1...4 { #expect(await wrong(service, email("Ann"), from: "10.0.0.1") == .incorrectCredentials) }
        #expect(await wrong(service, email("Ann"), from: "10.0.0.1") == .incorrectCredentials)
        #expect(await wrong(service, email("Ann"), from: "10.0.0.1") == .tooManySignInAttempts(retryAfter: 900))
    }

    static func anAccountIsBlockedAfter100(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: mail)
        let ann = try await service.register("Ann")
        for address in 1...25 {
            for _ in 1...4 {
                #expect(await wrong(service, email("Ann"), from: "10.0.1.\(address)") == .incorrectCredentials)
            }
        }
        let checked = env.hasher.verifies
        // The 101st, from a fresh address and with the right password, is refused unchecked for an hour.
        #expect(
            await identityError {
                _ = try await service.signIn(email: email("Ann"), password: password("Ann"), clientAddress: "10.0.2.1")
            } == .tooManySignInAttempts(retryAfter: 3600))
        #expect(env.hasher.verifies == checked)
        // A live session keeps working, and recovery still works.
        #expect(try await service.account(ann).id == ann.accountId)
        try await service.forgotPassword(email: email("Ann"), clientAddress: "10.0.2.1")
        // Others are not affected.
        _ = try await service.register("Bo")
        _ = try await service.signIn(email: email("Bo"), password: password("Bo"), clientAddress: "10.0.1.1")
        env.clock.advance(by: 60 * 60)
        _ = try await service.signIn(email: email("Ann"), password: password("Ann"), clientAddress: "10.0.2.1")
    }

    static func anAddressIsBlockedAfter100(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        _ = try await service.register("Ann")
        for index in 1...100 {
            #expect(await wrong(service, "someone\(index)@example.com", from: "10.0.3.1") == .incorrectCredentials)
        }
        #expect(await wrong(service, email("Ann"), from: "10.0.3.1") == .tooManySignInAttempts(retryAfter: 3600))
        _ = try await service.signIn(email: email("Ann"), password: password("Ann"), clientAddress: "10.0.3.2")
    }

    static func successesNeverAddUp(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        _ = try await service.register("Ann")
        // Each success's attempt was counted ahead, then forgiven: 120 in a row stay well clear of 100.
        for index in 1...120 {
            env.clock.advance(by: 0.000_123_4)
            _ = try await service.signIn(
                email: email("Ann"), password: password("Ann"), clientAddress: "10.0.4.\(index % 3)")
        }
        // Nothing of them is left to count: every limit's state is empty.
        let states = try await env.store.read { try $0.rateLimitStates(keySuffix: "") }
        #expect(states.values.allSatisfy { $0.failures.isEmpty && $0.lockedUntil == nil }, "\(states)")
        #expect(await wrong(service, email("Ann"), from: "10.0.4.9") == .incorrectCredentials)
    }
}
