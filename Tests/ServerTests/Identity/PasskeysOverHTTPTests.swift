import Accounts
import Device
import Foundation
import IdentityHTTP
import IdentityTesting
import Testing

@testable import KithServer

/// Passkeys through `HTTPIdentityService` against the real router, every request and answer checked against
/// openapi.json: registration, the list, a second device signing in with the passkey, one sentence for a refused
/// ceremony, removal; and a server without passkeys.
@Suite("Passkeys over HTTP")
struct PasskeysOverHTTPTests {
    @Test func theHTTPServiceRegistersListsSignsInAndRemovesWithinTheContract() async throws {
        let server = try TestServer(passkeys: PasskeyContract.relyingParty)
        let folder = server.directory.path
        try await server.withCheckedJSONClient { _, json, checker in
            let (identity, device, _) = remoteDevice(json, path: folder + "/remote.json")
            _ = try await device.signUp(
                SignUp(email: "dana@example.com", firstName: "Dana", lastName: "Lee", password: "correct horse"))
            let principal = try #require(try await device.currentPrincipal())

            var laptop = TestAuthenticator(credentialID: Array("dana-laptop-credential".utf8))
            let options = try await identity.passkeyRegistrationOptions(principal)
            #expect(options.rp.id == "kith.example" && options.user.name == "dana@example.com")
            let passkey = try await identity.registerPasskey(
                principal, name: "Laptop", credential: laptop.register(options))
            #expect(passkey.id == laptop.id && passkey.name == "Laptop" && passkey.lastUsedAt == nil)
            #expect(try await identity.passkeys(principal).map(\.id) == [laptop.id])

            // Another device signs in with it: the account saved there, no password asked.
            let phoneCredentials = RemoteCredentials(path: folder + "/phone.json", server: "http://kith.test")
            let phoneIdentity = HTTPIdentityService(client: json, credentials: phoneCredentials)
            let phone = ThisDevice(store: RemoteDeviceStore(credentials: phoneCredentials), sessions: phoneIdentity)
            let assertion = try laptop.assert(try await phoneIdentity.passkeySignInOptions(clientAddress: nil))
            #expect(try await phone.logIn(passkey: assertion).email == "dana@example.com")
            #expect(try await phone.currentPrincipal()?.accountId == principal.accountId)
            #expect(try await identity.passkeys(principal).first?.lastUsedAt != nil)
            // The same assertion again: one sentence, whatever the check.
            await #expect(throws: IdentityError.passkeySignInFailed) {
                _ = try await phoneIdentity.signIn(passkey: assertion, clientAddress: nil)
            }

            await #expect(throws: IdentityError.notFound(.passkey, "made-up")) {
                try await identity.removePasskey(principal, id: "made-up", password: "correct horse")
            }
            await #expect(throws: IdentityError.incorrectCredentials) {
                try await identity.removePasskey(principal, id: laptop.id, password: "wrong horse")
            }
            try await identity.removePasskey(principal, id: laptop.id, password: "correct horse")
            #expect(try await identity.passkeys(principal).isEmpty)
            #expect(checker.problems.isEmpty, "\(checker.problems)")
            #expect(
                checker.operations.isSuperset(of: [
                    "POST /api/me/passkeys/options", "POST /api/me/passkeys", "GET /api/me/passkeys",
                    "DELETE /api/me/passkeys/{id}", "POST /api/auth/passkey/options", "POST /api/auth/passkey",
                ]), "\(checker.operations.sorted())")
        }
    }

    @Test func withoutPasskeysTheHTTPServiceSaysSo() async throws {
        let server = try TestServer()
        let folder = server.directory.path
        try await server.withCheckedJSONClient { _, json, checker in
            let (identity, device, _) = remoteDevice(json, path: folder + "/remote.json")
            _ = try await device.signUp(
                SignUp(email: "dana@example.com", firstName: "Dana", lastName: "Lee", password: "correct horse"))
            let principal = try #require(try await device.currentPrincipal())
            await #expect(throws: IdentityError.passkeysNotConfigured) {
                _ = try await identity.passkeySignInOptions(clientAddress: nil)
            }
            await #expect(throws: IdentityError.passkeysNotConfigured) {
                _ = try await identity.passkeyRegistrationOptions(principal)
            }
            await #expect(throws: IdentityError.passkeysNotConfigured) { _ = try await identity.passkeys(principal) }
            #expect(checker.problems.isEmpty, "\(checker.problems)")
        }
    }
}
