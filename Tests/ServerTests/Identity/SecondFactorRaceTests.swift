import Accounts
import Foundation
import IdentityTesting
import Kernel
import KithComposition
import PostgresStorage
import PostgresStorageTesting
import Storage
import Testing
import TwoStep

/// Issue 29's single-use rules hold across servers: on PostgreSQL, two servers (two compositions, each with its own
/// pool) over one schema, given the same thing at the same moment. A TOTP code, a recovery code and a passkey
/// assertion (its challenge) each sign in exactly once; the other server's attempt is refused. The passkey options'
/// limit counts every ask once.
@Suite("Stronger sign-in: single-use codes and challenges raced on two servers, on PostgreSQL")
struct SecondFactorRaceTests {
    static let rounds = 12
    static let password = "long enough Ann password"

    /// Two servers over one fresh schema, sharing a test clock; Ann signed up on the first.
    static func servers() async throws -> (a: KithServices, b: KithServices, ann: Principal, clock: ManualClock, URL) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("kith-2fa-race-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = try await TestPostgres.freshSchemaURL()
        func pool() async throws -> PostgresDatabase {
            try await PostgresDatabase.open(
                url: url, features: KithServices.migrations, size: 4, timeouts: TestPostgres.generousTimeouts)
        }
        let clock = ManualClock()
        let random = SystemRandomSource()
        let a = AccountDeletionTests.services(try await pool(), clock: clock, random: random, folder: folder)
        let b = AccountDeletionTests.services(try await pool(), clock: clock, random: random, folder: folder)
        let ann = try await AccountDeletionTests.signUp(a, "Ann", "Lee", role: .parent)
        return (a, b, ann, clock, folder)
    }

    /// A password sign-in of Ann's on `services` from `address`: its second step's challenge.
    static func challenge(_ services: KithServices, from address: String) async throws -> String {
        do {
            _ = try await services.identity.signIn(
                email: "ann@example.com", password: password, clientAddress: address)
        } catch IdentityError.secondFactorRequired(let challenge) {
            return challenge
        }
        throw IdentityError.notSignedIn
    }

    /// The two servers finish their challenges with `code` at once: which succeeded, and what the others threw.
    static func race(
        _ a: KithServices, _ b: KithServices, code: String, round: Int
    ) async throws -> (successes: Int, refusals: [IdentityError]) {
        let first = try await challenge(a, from: "10.0.1.\(round)")
        let second = try await challenge(b, from: "10.0.2.\(round)")
        async let onA = outcome {
            _ = try await a.identity.completeSignIn(challenge: first, code: code, clientAddress: "10.0.1.\(round)")
        }
        async let onB = outcome {
            _ = try await b.identity.completeSignIn(challenge: second, code: code, clientAddress: "10.0.2.\(round)")
        }
        let outcomes = [await onA, await onB]
        return (outcomes.count { $0 == nil }, outcomes.compactMap { $0 as? IdentityError })
    }

    static func outcome(_ body: () async throws -> Void) async -> (any Error)? {
        do {
            try await body()
            return nil
        } catch {
            return error
        }
    }

    @Test func aCodeAndARecoveryCodeSignInOnceWhenTwoServersGetThemAtOnce() async throws {
        let (a, b, ann, clock, folder) = try await Self.servers()
        defer { try? FileManager.default.removeItem(at: folder) }
        let setup = try await a.identity.beginTwoStep(ann, password: Self.password)
        let secret = try #require(Base32.decode(setup.secret))
        let recoveryCodes = try await b.identity.confirmTwoStep(
            ann, code: TOTP.code(secret: secret, step: TOTP.step(at: clock.now())))
        for round in 0..<Self.rounds {
            clock.advance(by: 30)
            let code = TOTP.code(secret: secret, step: TOTP.step(at: clock.now()))
            let totp = try await Self.race(a, b, code: code, round: round)
            #expect(totp.successes == 1, "round \(round): \(totp.refusals)")
            #expect(totp.refusals == [.wrongSecondFactorCode], "round \(round)")
        }
        for round in 0..<(RecoveryCodes.count / 2) {
            let recovery = try await Self.race(a, b, code: recoveryCodes[round], round: 100 + round)
            #expect(recovery.successes == 1, "recovery round \(round): \(recovery.refusals)")
            #expect(recovery.refusals == [.wrongSecondFactorCode], "recovery round \(round)")
        }
        #expect(try await a.identity.twoStepStatus(ann).recoveryCodesLeft == RecoveryCodes.count / 2)
    }

    @Test func aPasskeyAssertionSignsInOnceWhenTwoServersGetItAtOnce() async throws {
        let (a, b, ann, _, folder) = try await Self.servers()
        defer { try? FileManager.default.removeItem(at: folder) }
        var laptop = TestAuthenticator(credentialID: Array("ann-laptop-credential".utf8))
        _ = try await a.identity.registerPasskey(
            ann, name: "Ann's laptop", credential: laptop.register(try await a.identity.passkeyRegistrationOptions(ann))
        )
        for round in 0..<Self.rounds {
            let assertion = try laptop.assert(try await b.identity.passkeySignInOptions(clientAddress: nil))
            async let onA = Self.outcome {
                _ = try await a.identity.signIn(passkey: assertion, clientAddress: "10.0.3.\(round)")
            }
            async let onB = Self.outcome {
                _ = try await b.identity.signIn(passkey: assertion, clientAddress: "10.0.4.\(round)")
            }
            let outcomes = [await onA, await onB]
            #expect(outcomes.count { $0 == nil } == 1, "round \(round): \(outcomes)")
            #expect(outcomes.compactMap { $0 as? IdentityError } == [.passkeySignInFailed], "round \(round)")
        }
        // The last assertion's count is stored (the authenticator has counted one past it since).
        #expect(try await a.identity.passkeys(ann).first?.signCount == laptop.signCount - 1)
    }

    /// The passkey options' limit (30 a minute from one address) is read then written: 40 asks from one address, 20
    /// on each server at once, are 30 answered and 10 refused, however they interleave.
    @Test func theOptionsLimitHoldsAcrossTwoServersAskedAtOnce() async throws {
        let (a, b, _, _, folder) = try await Self.servers()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcomes = await withTaskGroup(of: (any Error)?.self) { group in
            for index in 0..<40 {
                let services = index.isMultiple(of: 2) ? a : b
                group.addTask {
                    await Self.outcome {
                        _ = try await services.identity.passkeySignInOptions(clientAddress: "10.0.5.1")
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.count { $0 == nil } == 30)
        let refusals = outcomes.compactMap { $0 as? IdentityError }
        #expect(refusals.count == 10)
        #expect(refusals.allSatisfy { if case .tooManySignInAttempts = $0 { true } else { false } }, "\(refusals)")
    }
}
