import Accounts
import Circles
import Foundation
import Testing

/// The domain refuses an edit that changes nothing and a membership change that names no contact, whoever calls
/// it (a command, a route, a library user), and writes nothing.
@Suite("Empty edits (service, in-memory store)")
struct EmptyEditTests {
    let services = LocalServices(seed: 11)
    var circles: LocalCirclesService { services.circles }

    func owner() async throws -> Principal { try await services.signUpDana() }

    @Test func anEditThatChangesNothingIsRefused() async throws {
        let dana = try await owner()
        _ = try await circles.addContact(dana, ContactDraft(displayName: "Sam Ray"))
        _ = try await circles.createCircle(dana, name: "Chess", emoji: nil, color: nil)
        let before = (
            try await circles.contacts(dana), try await circles.circles(dana), try await circles.profile(dana, nil)
        )
        await #expect(throws: CirclesError.nothingToChange) {
            _ = try await circles.editContact(dana, "Sam Ray", ContactEdit())
        }
        await #expect(throws: CirclesError.nothingToChange) {
            _ = try await circles.editCircle(dana, "Chess", CircleEdit())
        }
        await #expect(throws: CirclesError.nothingToChange) {
            _ = try await circles.editProfile(dana, nil, ProfileEdit())
        }
        #expect(try await circles.contacts(dana) == before.0)
        #expect(try await circles.circles(dana) == before.1)
        #expect(try await circles.profile(dana, nil) == before.2)
        // One value is enough to be an edit.
        #expect(try await circles.editCircle(dana, "Chess", CircleEdit(color: "teal")).color == .teal)
    }

    @Test func aMembershipChangeNamingNoContactIsRefused() async throws {
        let dana = try await owner()
        _ = try await circles.addContact(dana, ContactDraft(displayName: "Sam Ray"))
        _ = try await circles.createCircle(dana, name: "Chess", emoji: nil, color: nil)
        await #expect(throws: CirclesError.noContacts) {
            _ = try await circles.addMembers(dana, circle: "Chess", contacts: [])
        }
        _ = try await circles.addMembers(dana, circle: "Chess", contacts: ["Sam Ray"])
        await #expect(throws: CirclesError.noContacts) {
            _ = try await circles.removeMembers(dana, circle: "Chess", contacts: [])
        }
        #expect(try await circles.circle(dana, "Chess").members.map(\.displayName) == ["Sam Ray"])
    }
}

/// One answer for the persona shown while acting, for `whoami` and `/api/me` alike.
@Suite("The active persona while acting (service, in-memory store)")
struct ActivePersonaWhileActingTests {
    @Test func whileActingTheAccountsOwnPersonaIsShown() async throws {
        let services = LocalServices(seed: 12)
        let identity = services.identity
        let circles = services.circles
        let dana = try await services.signUpDana()
        _ = try await identity.createHousehold(dana, name: "Lee Family")
        let max = try await identity.addManagedMember(dana, displayName: "Max", avatarKey: "")
        let shadow = try await circles.createShadow(dana, type: .professional, displayName: "Night Owl", circles: [])
        var asMax = dana
        asMax.actingAs = ActingAs(memberId: max.memberId, displayName: "Max")
        let persona = try await circles.activePersona(asMax)
        #expect(persona.profileId == shadow.id && persona.displayName == "Night Owl" && persona.type == .professional)
        // The personas themselves stay the account's business: listing them while acting is refused.
        await #expect(throws: IdentityError.notWhileActing("Max")) { _ = try await circles.personas(asMax) }
    }
}
