import Accounts
import Circles
import Device
import Foundation
import IdentityHTTP
import Preferences
import Testing

@testable import KithServer

/// Deleting and exporting an account through `HTTPIdentityService` (what `kith --remote` runs) against the real
/// router and services, every exchange checked against `openapi.json`: the export document against its schema.
@Suite("Leaving over HTTP")
struct LeavingOverHTTPTests {
    static let password = "correct horse"

    @Test func exportValidatesDeletionRefusesThenDeletesAndAnotherDeviceForgetsIt() async throws {
        let server = try TestServer()
        let folder = server.directory.path
        let services = server.services
        try await server.withCheckedJSONClient { _, json, checker in
            func device(_ name: String) -> (HTTPIdentityService, ThisDevice, RemoteCredentials) {
                remoteDevice(json, path: folder + "/\(name).json")
            }
            let (identity, laptop, laptopFile) = device("laptop")
            let (_, phone, phoneFile) = device("phone")
            _ = try await laptop.signUp(
                SignUp(email: "dana@example.com", firstName: "Dana", lastName: "Lee", password: Self.password))
            _ = try await phone.logIn(email: "dana@example.com", password: Self.password)
            let dana = try #require(try await laptop.currentPrincipal())
            _ = try await identity.createHousehold(dana, name: "Home")
            _ = try await identity.addManagedMember(dana, displayName: "Mia", avatarKey: "fox")
            // Every feature's part: preferences, circles (a contact, a circle), a family code of its own.
            _ = try await services.preferences.setTheme(dana, .dark)
            _ = try await services.circles.addContact(dana, ContactDraft(displayName: "Sam", phone: "+1 555 0101"))
            _ = try await services.circles.createCircle(dana, name: "Climbers", emoji: nil, color: nil)

            let document = try await identity.exportAccount(dana)
            let parts = try #require(try JSONSerialization.jsonObject(with: document.json) as? [String: Any])
            #expect(
                Set(parts.keys) == [
                    "format", "exportedAt", "subject", "identity", "preferences", "familyCodes", "circles",
                ])
            let member = try await identity.exportMember(dana, member: "Mia")
            #expect(String(decoding: member.json, as: UTF8.self).contains("\"fox\""))

            await #expect(throws: IdentityError.onlyGuardian(["Mia"])) {
                _ = try await identity.checkAccountDeletion(dana)
            }
            await #expect(throws: IdentityError.onlyGuardian(["Mia"])) {
                try await identity.deleteAccount(dana, password: Self.password)
            }
            _ = try await identity.removeMember(dana, "Mia")
            #expect(try await identity.checkAccountDeletion(dana).email == "dana@example.com")
            await #expect(throws: IdentityError.incorrectCredentials) {
                try await identity.deleteAccount(dana, password: "not the password")
            }
            try await identity.deleteAccount(dana, password: Self.password)
            #expect(try laptopFile.load().accounts.isEmpty)
            #expect(try await laptop.currentPrincipal() == nil)

            // The phone still lists it: switching says so and drops it.
            #expect(try phoneFile.load().accounts.map(\.account.email) == ["dana@example.com"])
            await #expect(throws: IdentityError.accountNoLongerExists) {
                _ = try await phone.switchAccount(to: "dana@example.com", password: nil)
            }
            #expect(try phoneFile.load().accounts.isEmpty)
            #expect(checker.problems.isEmpty, "\(checker.problems)")
        }
    }
}
