import Accounts
import Foundation
import IdentityHTTP
import IdentityOIDCTesting
import Testing

/// DOMAIN.md: signing in to an 11th account is refused before anything is created or signed in, remote included.
/// A Google sign-in names its account only in the token, so a full device sends its saved accounts with it and the
/// server signs in one of them or nothing.
@Suite("A full device and Google sign-in over HTTP")
struct FullDeviceProviderSignInTests {
    @Test func anEleventhGoogleAccountIsRefusedBeforeTheServerMakesOrSignsItIn() async throws {
        let google = try GoogleServer()
        let provider = google.provider
        let folder = google.server.directory.path
        try await google.server.withJSONClient { client, json in
            let device = remoteDevice(json, path: folder + "/remote.json").device
            func googleSignIn(_ user: FakeProviderUser? = nil) async throws -> ProviderSignIn {
                ProviderSignIn(provider: .google, idToken: try await provider.idToken(FakeTokenOptions(user: user)))
            }
            // Ann's Google account, then nine password accounts: the device is full.
            let ann = try await device.logIn(with: try await googleSignIn())
            #expect(ann.created)
            for index in 1...9 {
                _ = try await device.signUp(
                    SignUp(
                        email: "user\(index)@example.com", firstName: "User", lastName: "Lee",
                        password: "correct horse"))
            }
            let current = try await device.currentPrincipal()?.accountId

            // A Google account the server has never seen: refused with the sentence, nothing saved or made.
            let bo = FakeProviderUser(subject: "g-bo", email: "bo@example.com", givenName: "Bo", familyName: "Lee")
            let refused = await #expect(throws: IdentityError.savedAccountsFull) {
                _ = try await device.logIn(with: try await googleSignIn(bo))
            }
            #expect(refused?.description == "You can save up to 10 accounts. Remove one first.")
            #expect(try await device.savedAccounts().count == 10)
            #expect(try await device.currentPrincipal()?.accountId == current)
            // Bo's first sign-in from elsewhere creates the account: the refused one had made none.
            let elsewhere = try await client.send(
                .post, "/api/auth/google", body: try await provider.body(FakeTokenOptions(user: bo)))
            #expect(elsewhere.status == .created, "\(elsewhere.text)")
            // Bo exists now, linked, but is still not one of this device's accounts.
            await #expect(throws: IdentityError.savedAccountsFull) {
                _ = try await device.logIn(with: try await googleSignIn(bo))
            }

            // Ann's saved Google account signs in again on the full device.
            let again = try await device.logIn(with: try await googleSignIn())
            #expect(again.account.id == ann.account.id)
            #expect(!again.created)
            #expect(try await device.currentPrincipal()?.accountId == ann.account.id)
        }
    }
}
