import Accounts
import Circles
import CirclesTesting
import Foundation
import Kernel
import Testing

/// Random worlds built through the service: unlinkability of anonymous shadows, and view-as equal to look.
@Suite("Random worlds through the service")
struct RandomServiceTests {
    struct Person {
        let principal: Principal
        let email: String
        var secrets: [String]
    }

    @Test("non-owners never get an anonymous shadow's primary until reveal; view-as equals look")
    func unlinkability() async throws {
        let env = try await Environment(.memory)
        let s = env.service
        let rng = SeededRandomSource(seed: 99)
        var people: [Person] = []
        for index in 0..<6 {
            let principal = try await env.account("User\(["a", "b", "c", "d", "e", "f"][index])", last: "Zed")
            let username = "primary_\(index)"
            _ = try await s.editProfile(
                principal, nil, ProfileEdit(username: username, phone: "+1 555 01\(10 + index)"))
            let primary = try await s.profile(principal, "primary")
            people.append(
                Person(
                    principal: principal, email: "user\(["a", "b", "c", "d", "e", "f"][index])@example.com",
                    secrets: [
                        primary.id, primary.displayName, username,
                        "user\(["a", "b", "c", "d", "e", "f"][index])@example.com",
                        "+1 555 01\(10 + index)", principal.accountId,
                    ]))
        }
        func roll(_ n: Int) -> Int { Int(rng.integer(below: UInt64(n))) }
        for (ownerIndex, owner) in people.enumerated() {
            for (otherIndex, other) in people.enumerated() where otherIndex != ownerIndex && roll(100) < 70 {
                let contact = try await s.addContact(
                    owner.principal, ContactDraft(displayName: "Friend \(otherIndex)", accountEmail: other.email))
                for circle in ["Family", "Friends", "Colleagues"] where roll(100) < 40 {
                    _ = try await s.addMembers(owner.principal, circle: circle, contacts: [contact.id])
                }
            }
            let audience = ["Contacts", "Friends", "Family", "Public"].filter { _ in roll(100) < 50 }
            _ = try await s.createShadow(
                owner.principal, type: .anonymous, displayName: "Anon \(ownerIndex)", circles: audience)
            _ = try await s.editProfile(owner.principal, nil, ProfileEdit(username: "anon_\(ownerIndex)", bio: "hi"))
            for field in Field.allCases where roll(100) < 30 {
                _ = try await s.setAccess(
                    owner.principal, profile: nil, field: field, circle: ["Contacts", "Friends", "Public"][roll(3)],
                    access: Access.allCases[roll(3)])
            }
            _ = try await s.saveAccess(owner.principal, profile: nil)
        }
        // Every viewer looks at every anonymous shadow and requests what it may; owners read their inboxes.
        var seen: [String: [String]] = [:]  // owner index → texts non-owners got
        for (ownerIndex, _) in people.enumerated() {
            for (viewerIndex, viewer) in people.enumerated() where viewerIndex != ownerIndex {
                let target = "@anon_\(ownerIndex)"
                do {
                    let view = try await s.look(viewer.principal, target)
                    #expect(view.revealedAs == nil)
                    seen[String(ownerIndex), default: []].append(everything(view))
                    for field in view.ask {
                        let receipt = try await s.request(viewer.principal, target, field: field, reason: nil)
                        seen[String(ownerIndex), default: []].append(everything(receipt))
                    }
                } catch let error as CirclesError {
                    #expect(error == .profileNotFound(target))
                    seen[String(ownerIndex), default: []].append(error.description)
                }
            }
        }
        for (ownerIndex, texts) in seen {
            let secrets = people[Int(ownerIndex)!].secrets
            for text in texts { for secret in secrets { #expect(!text.contains(secret), "\(secret) in \(text)") } }
        }
        // Requesters present their active persona (their anonymous shadow): owners' inboxes leak none of them.
        for (ownerIndex, owner) in people.enumerated() {
            let inbox = everything(try await s.requests(owner.principal))
            for (otherIndex, other) in people.enumerated() where otherIndex != ownerIndex {
                for secret in other.secrets { #expect(!inbox.contains(secret)) }
            }
        }
        // view-as equals look for every linked pair and every profile visible to the viewer.
        var comparedViews = 0
        for (ownerIndex, owner) in people.enumerated() {
            for contact in try await s.contacts(owner.principal) {
                guard let viewerIndex = people.firstIndex(where: { $0.principal.accountId == contact.linkedAccountId })
                else { continue }
                for profile in ["primary", "Anon \(ownerIndex)"] {
                    let target = profile == "primary" ? people[ownerIndex].email : "@anon_\(ownerIndex)"
                    let preview = await Outcome {
                        do {
                            return try await s.viewAs(owner.principal, contact: contact.id, profile: profile)
                        } catch CirclesError.cannotSee {
                            // The owner's preview names who cannot see the shadow; the viewer finds no such profile.
                            throw CirclesError.profileNotFound(target)
                        }
                    }
                    let look = await Outcome { try await s.look(people[viewerIndex].principal, target) }
                    // Both see the same fields, or both are refused with the same sentence.
                    #expect(preview == look, "\(profile) of \(ownerIndex) seen by \(viewerIndex)")
                    if profile == "primary" { #expect(preview.succeeded, "the primary is visible to a linked contact") }
                    if preview.succeeded { comparedViews += 1 }
                }
            }
        }
        #expect(comparedViews > 0, "no view-as was compared with a look")
        // After reveal, revealedAs links to the primary for viewers of the shadow.
        _ = try await s.revealShadow(people[0].principal, "Anon 0")
        _ = try await s.setShadowCircles(people[0].principal, "Anon 0", circles: ["Public"])
        let after = try await s.look(people[1].principal, "@anon_0")
        #expect(after.revealedAs?.username == "primary_0" && after.revealedAs?.displayName == "Usera Zed")
    }
}

/// A call's result, or the kind of error it threw (its type and case, without the values: view-as names the
/// profile as asked, `Anon 0`, look as `@anon_0`): two outcomes compare equal only when both calls answered
/// the same, or both failed the same way.
enum Outcome<Value: Equatable & Sendable>: Equatable {
    case value(Value)
    case failure(String)

    init(_ body: () async throws -> Value) async {
        do {
            self = .value(try await body())
        } catch {
            let kind = Mirror(reflecting: error).children.first?.label ?? String(describing: error)
            self = .failure("\(type(of: error)).\(kind)")
        }
    }

    var succeeded: Bool {
        if case .value = self { return true }
        return false
    }
}
