import Accounts
import Argon2
import Foundation
import Identity
import IdentityMemory
import Kernel
import Testing

/// `authenticate` records on the principal's `SessionCheck` that it found the session live, and only then; the
/// check is not part of the principal's identity.
@Suite("Session checks")
struct SessionCheckTests {
    @Test func aCallRecordsALiveSessionAndNeverAnEndedOne() async throws {
        let identity = LocalIdentityService(
            store: InMemoryIdentityStore(),
            options: IdentityOptions(hasher: Argon2PasswordHasher(parameters: .testing, random: SystemRandomSource())))
        let grant = try await identity.register(
            SignUp(email: "dana@example.com", firstName: "Dana", lastName: "Reyes", password: "correct horse"))
        var principal = try await identity.principal(forToken: grant.token)
        principal.sessionCheck = SessionCheck()
        #expect(principal.sessionCheck?.foundLive == false)
        _ = try await identity.account(principal)
        #expect(principal.sessionCheck?.foundLive == true)

        try await identity.endSession(token: grant.token)
        principal.sessionCheck = SessionCheck()
        await #expect(throws: IdentityError.notSignedIn) { _ = try await identity.account(principal) }
        #expect(principal.sessionCheck?.foundLive == false)
    }

    @Test func theCheckIsNeitherComparedNorEncoded() throws {
        let plain = Principal(accountId: "account", sessionId: "session")
        var checked = plain
        checked.sessionCheck = SessionCheck()
        #expect(checked == plain)
        #expect(checked.hashValue == plain.hashValue)
        let encoded = try JSONEncoder().encode(checked)
        #expect(try JSONDecoder().decode(Principal.self, from: encoded) == plain)
        #expect(String(decoding: encoded, as: UTF8.self).contains("sessionCheck") == false)
    }
}
