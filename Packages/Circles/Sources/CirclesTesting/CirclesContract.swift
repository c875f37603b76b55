import Accounts
import Circles
import Foundation
import StorageTesting
import Testing

/// DOMAIN.md's Circles section through the service: every `CirclesStore` must keep it. Each test target that owns a
/// store runs every case over it (the domain's tests in memory, the SQLite tests on SQLite and PostgreSQL).
public enum CirclesContract {
    public static let cases: [ContractCase<CirclesContractEnvironment>] = [
        ContractCase("built-in circles appear on first use; empty states") { env in
            let dana = try await env.account("Dana")
            let circles = try await env.service.circles(dana)
            #expect(circles.map(\.name) == ["Contacts", "Public", "Family", "Friends", "Colleagues"])
            #expect(circles.map(\.kind) == [.mandatory, .mandatory, .prepopulated, .prepopulated, .prepopulated])
            #expect(circles[1].memberCount == nil && circles[0].memberCount == 0 && circles[2].memberCount == 0)
            #expect(!circles.contains { $0.kind == .custom })
            #expect(Circle.noCustomCirclesHint == "Create your first circle")
            let family = try await env.service.circle(dana, "family")
            #expect(family.emptyHint == "Add your first member")
            #expect(circles[1].builtIn == .public && circles[1].kind == .mandatory)
        },
        ContractCase("contacts: display-name rules, linking once, phone and email") { env in
            _ = try await env.account("Erin")
            let dana = try await env.account("Dana")
            let erin = try await env.service.addContact(
                dana, ContactDraft(displayName: "Erin T.", accountEmail: "ERIN@example.com", phone: "+1 555 0100"))
            #expect(erin.linkedAccountId != nil && erin.phone == "+1 555 0100")
            #expect(
                await sentence { _ = try await env.service.addContact(dana, ContactDraft(displayName: "  ")) }
                    == "Please enter a valid name (1-50 characters): the display name is empty")
            #expect(
                await sentence {
                    _ = try await env.service.addContact(
                        dana, ContactDraft(displayName: String(repeating: "a", count: 51)))
                } == "Please enter a valid name (1-50 characters): the display name is longer than 50 characters")
            #expect(
                await sentence {
                    _ = try await env.service.addContact(
                        dana, ContactDraft(displayName: "Again", accountEmail: "erin@example.com"))
                } == "erin@example.com is already one of your contacts")
            #expect(
                await sentence {
                    _ = try await env.service.addContact(
                        dana, ContactDraft(displayName: "Nobody", accountEmail: "x@y.org"))
                } == "No account named x@y.org")
            #expect(
                await sentence {
                    _ = try await env.service.addContact(dana, ContactDraft(displayName: "P", phone: "abc"))
                }
                    == "Please enter a valid phone number")
            #expect(
                await sentence { _ = try await env.service.addContact(dana, ContactDraft(displayName: "me")) }
                    == "me is a reserved word: choose another name")
            _ = try await env.service.addContact(dana, ContactDraft(displayName: "Sam"))
            _ = try await env.service.addContact(dana, ContactDraft(displayName: "sam"))
            let ambiguous = await sentence { _ = try await env.service.removeContact(dana, "SAM") }
            #expect(ambiguous?.hasPrefix("SAM is ambiguous: ") == true)
            #expect(await sentence { _ = try await env.service.removeContact(dana, "Zed") } == "No contact named Zed")
            let edited = try await env.service.editContact(dana, erin.id, ContactEdit(email: "erin@work.example"))
            #expect(edited.email == "erin@work.example")
            #expect(try await env.service.contacts(dana).count == 3)
            #expect(try await env.service.circles(dana)[0].memberCount == 3)
        },
        ContractCase("custom circles: names, emoji, colours, the cap of 64") { env in
            let dana = try await env.account("Dana")
            let club = try await env.service.createCircle(dana, name: "Book Club", emoji: "📚", color: "green")
            #expect(club.kind == .custom && club.emoji == "📚" && club.color == .green)
            #expect(
                await sentence {
                    _ = try await env.service.createCircle(dana, name: "book club", emoji: nil, color: nil)
                }
                    == "A circle named book club already exists")
            #expect(
                await sentence { _ = try await env.service.createCircle(dana, name: "FAMILY", emoji: nil, color: nil) }
                    == "A circle named FAMILY already exists")
            #expect(
                await sentence {
                    _ = try await env.service.createCircle(
                        dana, name: String(repeating: "x", count: 41), emoji: nil, color: nil)
                } == "Please enter a circle name (1-40 characters)")
            #expect(
                await sentence { _ = try await env.service.createCircle(dana, name: "Two", emoji: "😀😀", color: nil) }
                    == "Please choose one emoji")
            #expect(
                await sentence {
                    _ = try await env.service.createCircle(dana, name: "Brown", emoji: nil, color: "brown")
                }
                    == "brown is not a circle colour: choose one of red, orange, yellow, green, teal, blue, indigo, "
                    + "purple, pink, gray")
            #expect(
                await sentence { _ = try await env.service.editCircle(dana, "Family", CircleEdit(name: "Kin")) }
                    == "Family is not a custom circle: only custom circles can be renamed, edited or deleted")
            #expect(
                await sentence { _ = try await env.service.deleteCircle(dana, "Public", moveTo: nil) }
                    == "Public is not a custom circle: only custom circles can be renamed, edited or deleted")
            let renamed = try await env.service.editCircle(
                dana, "book club", CircleEdit(name: "Readers", color: "teal"))
            #expect(renamed.name == "Readers" && renamed.color == .teal)
            for index in 0..<58 {
                _ = try await env.service.createCircle(dana, name: "C\(index)", emoji: nil, color: nil)
            }
            #expect(try await env.service.circles(dana).count == 64)
            #expect(
                await sentence {
                    _ = try await env.service.createCircle(dana, name: "One more", emoji: nil, color: nil)
                }
                    == "You can have up to 64 circles")
        },
        ContractCase("membership: not in Contacts or Public; delete keeps contacts; move-to") { env in
            let dana = try await env.account("Dana")
            for name in ["Ann", "Bob", "Cy"] {
                _ = try await env.service.addContact(dana, ContactDraft(displayName: name))
            }
            #expect(
                await sentence { _ = try await env.service.addMembers(dana, circle: "Contacts", contacts: ["Ann"]) }
                    == "Contacts and Public have no manual members")
            #expect(
                await sentence { _ = try await env.service.addMembers(dana, circle: "public", contacts: ["Ann"]) }
                    == "Contacts and Public have no manual members")
            _ = try await env.service.createCircle(dana, name: "Climbing", emoji: "🧗", color: "orange")
            let detail = try await env.service.addMembers(dana, circle: "Climbing", contacts: ["Ann", "Bob"])
            #expect(detail.members.map(\.displayName) == ["Ann", "Bob"] && detail.emptyHint == nil)
            // All or nothing: an unknown contact adds nobody.
            #expect(
                await sentence {
                    _ = try await env.service.addMembers(dana, circle: "Friends", contacts: ["Cy", "Zed"])
                }
                    == "No contact named Zed")
            #expect(try await env.service.circle(dana, "Friends").members.isEmpty)
            _ = try await env.service.deleteCircle(dana, "Climbing", moveTo: "Friends")
            #expect(try await env.service.circle(dana, "Friends").members.map(\.displayName) == ["Ann", "Bob"])
            #expect(try await env.service.contacts(dana).count == 3)
            _ = try await env.service.removeMembers(dana, circle: "Friends", contacts: ["Ann"])
            #expect(try await env.service.circle(dana, "Friends").members.map(\.displayName) == ["Bob"])
            let contact = try await env.service.contacts(dana).first { $0.displayName == "Bob" }
            #expect(contact?.circleNames == ["Friends"])
        },
        ContractCase("merge suggestions at Jaccard 0.8, not 0.79; dismissed stays dismissed; merge") { env in
            let dana = try await env.account("Dana")
            let names = (0..<100).map { "P\($0)" }
            for name in names {
                _ = try await env.service.addContact(dana, ContactDraft(displayName: "Person \(name)"))
            }
            let people = names.map { "Person \($0)" }
            _ = try await env.service.createCircle(dana, name: "Hikers", emoji: nil, color: nil)
            _ = try await env.service.addMembers(dana, circle: "Hikers", contacts: Array(people[0..<4]))
            _ = try await env.service.addMembers(dana, circle: "Friends", contacts: Array(people[0..<5]))
            // 4 / 5 = 0.8
            var suggestions = try await env.service.suggestions(dana)
            #expect(suggestions.count == 1 && suggestions.first?.jaccard == 0.8)
            let id = try #require(suggestions.first?.suggestionId)
            #expect(try await env.service.suggestions(dana).first?.suggestionId == id)
            // 79 / 100 = 0.79: not suggested.
            _ = try await env.service.createCircle(dana, name: "Big", emoji: nil, color: nil)
            _ = try await env.service.createCircle(dana, name: "Bigger", emoji: nil, color: nil)
            _ = try await env.service.addMembers(dana, circle: "Big", contacts: Array(people[0..<79]))
            _ = try await env.service.addMembers(dana, circle: "Bigger", contacts: Array(people[0..<100]))
            suggestions = try await env.service.suggestions(dana)
            #expect(!suggestions.contains { Set($0.circleNames) == ["Big", "Bigger"] })
            _ = try await env.service.addMembers(dana, circle: "Big", contacts: [people[79]])
            #expect(try await env.service.suggestions(dana).contains { Set($0.circleNames) == ["Big", "Bigger"] })
            try await env.service.dismissSuggestion(dana, id)
            #expect(!(try await env.service.suggestions(dana).contains { $0.suggestionId == id }))
            _ = try await env.service.addMembers(dana, circle: "Hikers", contacts: [people[4]])
            #expect(!(try await env.service.suggestions(dana).contains { $0.suggestionId == id }))
            #expect(
                await sentence { try await env.service.dismissSuggestion(dana, "sug_x") } == "No suggestion named sug_x"
            )
            #expect(
                await sentence { _ = try await env.service.mergeCircles(dana, from: "Friends", into: "Hikers") }
                    == "Friends is not a custom circle: only custom circles can be renamed, edited or deleted")
            let into = try await env.service.mergeCircles(dana, from: "Hikers", into: "Friends")
            #expect(into.name == "Friends" && into.memberCount == 5)
            #expect(!(try await env.service.circles(dana).contains { $0.name == "Hikers" }))
        },
        ContractCase("everything is refused while acting as a managed member") { env in
            var dana = try await env.account("Dana")
            dana.actingAs = ActingAs(memberId: "managed_x", displayName: "Max")
            let refused = "Not available while viewing as Max. Switch back first."
            #expect(await sentence { _ = try await env.service.circles(dana) } == refused)
            #expect(await sentence { _ = try await env.service.contacts(dana) } == refused)
            #expect(await sentence { _ = try await env.service.personas(dana) } == refused)
            #expect(await sentence { _ = try await env.service.accessMatrix(dana, profile: nil) } == refused)
            #expect(await sentence { _ = try await env.service.look(dana, "dana@example.com") } == refused)
            #expect(await sentence { _ = try await env.service.requests(dana) } == refused)
            #expect(await sentence { _ = try await env.service.grants(dana) } == refused)
        },
    ]
}
