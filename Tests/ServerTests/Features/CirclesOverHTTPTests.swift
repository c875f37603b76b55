import Accounts
import Circles
import CirclesHTTP
import Foundation
import Testing

/// `HTTPCirclesService` against the real router and services, every exchange checked against `openapi.json`.
@Suite("HTTPCirclesService against kith-server's router")
struct CirclesOverHTTPTests {
    @Test func contactsCirclesAccessRequestsShadowsAndPersonas() async throws {
        let server = try TestServer()
        try await server.withCheckedJSONClient { client, json, checker in
            let dana = try await client.signUp("dana@example.com", first: "Dana", last: "Lee")
            let sam = try await client.signUp("sam@example.com", first: "Sam", last: "Ray")
            let service = HTTPCirclesService(client: json, token: TestAccount.tokens(dana, sam))
            let asDana = Principal(accountId: dana.accountId)
            let asSam = Principal(accountId: sam.accountId)

            // Contacts and circles.
            let samContact = try await service.addContact(
                asDana, ContactDraft(displayName: "Sam Ray", accountEmail: "sam@example.com", phone: "+1 555 0100"))
            #expect(samContact.linkedAccountId == sam.accountId)
            let kim = try await service.addContact(asDana, ContactDraft(displayName: "Kim Ito"))
            let ann = try await service.addContact(asDana, ContactDraft(displayName: "Ann Bo"))
            _ = try await service.editContact(asDana, "Kim Ito", ContactEdit(email: "kim@example.com"))
            #expect(try await service.contacts(asDana).map(\.displayName).sorted() == ["Ann Bo", "Kim Ito", "Sam Ray"])
            let chess = try await service.createCircle(asDana, name: "Chess", emoji: "♟️", color: "teal")
            #expect(chess.name == "Chess" && chess.color == .teal)
            await #expect(throws: CirclesError.circleNameTaken("chess")) {
                _ = try await service.createCircle(asDana, name: "chess", emoji: nil, color: nil)
            }
            _ = try await service.createCircle(asDana, name: "Go", emoji: nil, color: nil)
            _ = try await service.addMembers(asDana, circle: "Chess", contacts: ["Sam Ray", "Kim Ito", "Ann Bo"])
            let go = try await service.addMembers(asDana, circle: "Go", contacts: ["Sam Ray", "Kim Ito", "Ann Bo"])
            #expect(go.members.count == 3)
            let suggestions = try await service.suggestions(asDana)
            #expect(suggestions.count == 1 && suggestions[0].circleNames.sorted() == ["Chess", "Go"])
            try await service.dismissSuggestion(asDana, suggestions[0].suggestionId)
            #expect(try await service.suggestions(asDana).isEmpty)
            _ = try await service.removeMembers(asDana, circle: "Go", contacts: ["Ann Bo"])
            _ = try await service.editCircle(asDana, "Go", CircleEdit(name: "Weiqi"))
            _ = try await service.mergeCircles(asDana, from: "Weiqi", into: "Chess")
            #expect(try await service.circle(asDana, "Chess").members.count == 3)
            await #expect(throws: CirclesError.noManualMembers) {
                _ = try await service.addMembers(asDana, circle: "Public", contacts: ["Ann Bo"])
            }

            // The matrix, staged then saved; the preview and the viewer's own look agree.
            _ = try await service.setAccess(asDana, profile: nil, field: .phone, circle: "Chess", access: .allow)
            _ = try await service.cycleAccess(asDana, profile: nil, field: .email, circle: "Chess")
            _ = try await service.allowAll(asDana, profile: nil, circle: "Chess")
            _ = try await service.discardAccess(asDana, profile: nil)
            _ = try await service.setAccess(asDana, profile: nil, field: .phone, circle: "Chess", access: .allow)
            _ = try await service.resetAccess(asDana, profile: nil)
            _ = try await service.setAccess(asDana, profile: nil, field: .phone, circle: "Chess", access: .allow)
            let saved = try await service.saveAccess(asDana, profile: nil)
            #expect(saved.cells[.phone]?[chess.id] == .allow && !saved.unsaved)
            let preview = try await service.viewAs(asDana, contact: "Sam Ray", profile: nil)
            let own = try await service.look(asSam, "dana@example.com")
            #expect(preview.fields == own.fields && preview.ask == own.ask)

            // A request for what asks, allowed, then revoked.
            let asked = try #require(own.ask.first)
            _ = try await service.request(asSam, "dana@example.com", field: asked, reason: "for the club")
            await #expect(throws: CirclesError.self) {
                try await service.request(asSam, "dana@example.com", field: .displayName, reason: nil)
            }
            let pending = try await service.requests(asDana)
            #expect(pending.count == 1 && pending[0].field == asked)
            let grant = try await service.allowRequest(asDana, pending[0].requestId, allFields: false)
            #expect(try await service.grants(asDana).map(\.grantId) == [grant.grantId])
            _ = try await service.revokeGrant(asDana, grant.grantId)
            #expect(try await service.grants(asDana).isEmpty)
            _ = try await service.request(asSam, "dana@example.com", field: asked, reason: nil)
            _ = try await service.denyRequest(asDana, try await service.requests(asDana)[0].requestId)

            // Shadows and personas.
            let shadow = try await service.createShadow(
                asDana, type: .professional, displayName: "D Lee", circles: ["Chess"])
            #expect(try await service.personas(asDana).count == 2)
            #expect(try await service.activePersona(asDana).profileId == shadow.id)
            _ = try await service.setShadowCircles(asDana, shadow.id, circles: ["Chess", "Family"])
            _ = try await service.editProfile(asDana, shadow.id, ProfileEdit(bio: "Chess coach"))
            #expect(try await service.profile(asDana, shadow.id).bio == "Chess coach")
            _ = try await service.revealShadow(asDana, shadow.id)
            await #expect(throws: CirclesError.alreadyRevealed("D Lee")) {
                _ = try await service.revealShadow(asDana, shadow.id)
            }
            _ = try await service.switchPersona(asDana, "primary")
            _ = try await service.editProfile(asDana, nil, ProfileEdit(username: "dana.lee"))
            _ = try await service.deleteShadow(asDana, shadow.id)
            // Its owner is told it is gone as the domain says of any unknown profile reference.
            await #expect(throws: IdentityError.notFound(.profile, shadow.id)) {
                _ = try await service.profile(asDana, shadow.id)
            }

            // Removing.
            _ = try await service.deleteCircle(asDana, "Chess", moveTo: "Friends")
            #expect(try await service.circle(asDana, "Friends").members.count == 3)
            _ = try await service.removeContact(asDana, kim.id)
            _ = try await service.removeContact(asDana, ann.id)

            #expect(checker.problems.isEmpty, "\(checker.problems)")
            #expect(checker.operations.count >= 35, "\(checker.operations.sorted())")
        }
    }
}
