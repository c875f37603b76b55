import Accounts
import Circles
import Foundation
import StorageTesting
import Testing

/// Evaluation, view-as and look, requests and grants, staleness: through the service, what every `CirclesStore` must
/// keep.
public enum AccessContract {
    /// The accounts of `world(_:)`.
    public struct World: Sendable {
        public let dana: Principal
        public let erin: Principal
        public let finn: Principal
        public let gail: Principal
    }

    /// Dana owns; Erin is a linked contact in Family and Colleagues; Finn a linked contact in no circle; Gail a
    /// stranger. Dana's primary has a username, bio, email and phone.
    public static func world(_ env: CirclesContractEnvironment) async throws -> World {
        let erin = try await env.account("Erin")
        let finn = try await env.account("Finn")
        let gail = try await env.account("Gail")
        let dana = try await env.account("Dana")
        _ = try await env.service.editProfile(
            dana, nil, ProfileEdit(username: "dana", bio: "Climber", phone: "+1 555 0101", photo: "dana.png"))
        _ = try await env.service.addContact(dana, ContactDraft(displayName: "Erin", accountEmail: "erin@example.com"))
        _ = try await env.service.addContact(dana, ContactDraft(displayName: "Finn", accountEmail: "finn@example.com"))
        _ = try await env.service.addContact(dana, ContactDraft(displayName: "Hal"))
        _ = try await env.service.addMembers(dana, circle: "Family", contacts: ["Erin"])
        _ = try await env.service.addMembers(dana, circle: "Colleagues", contacts: ["Erin", "Hal"])
        return World(dana: dana, erin: erin, finn: finn, gail: gail)
    }

    public static let cases: [ContractCase<CirclesContractEnvironment>] = [
        ContractCase("a look with an ended session is refused, and says nothing of what it looked for") { env in
            let w = try await Self.world(env)
            let grant = try await env.identity.register(
                SignUp(email: "ivy@example.com", firstName: "Ivy", lastName: "Tester", password: "password-Ivy"))
            let ivy = try await env.identity.principal(forToken: grant.token)
            #expect(try await env.service.look(ivy, "dana@example.com").fields[.displayName] != nil)
            try await env.identity.endSession(token: grant.token)
            // The session is checked with the look's first read (PostgreSQL sends both at once): whether the target
            // exists must not leak before it.
            for target in ["dana@example.com", "nobody@example.com", "@dana", "@nobody"] {
                await #expect(throws: IdentityError.notSignedIn) { _ = try await env.service.look(ivy, target) }
            }
            #expect(try await env.service.look(w.erin, "@dana").fields[.displayName] != nil)
        },
        ContractCase("golden: allow, ask and deny for viewers in several circles") { env in
            let w = try await Self.world(env)
            let s = env.service
            // Erin: Public + Contacts + Family + Colleagues. Family allows everything.
            let erin = try await s.look(w.erin, "dana@example.com")
            #expect(erin.ask.isEmpty && erin.fields[.phone] == "+1 555 0101" && erin.fields[.bio] == "Climber")
            // Finn: Public + Contacts: email and phone ask, bio allow.
            let finn = try await s.look(w.finn, "dana@example.com")
            #expect(
                finn.access == [
                    .displayName: .allow, .username: .allow, .photo: .allow, .bio: .allow, .email: .ask, .phone: .ask,
                ])
            #expect(finn.fields[.phone] == String?.none && finn.ask == [.email, .phone])
            // Gail: Public only.
            let gail = try await s.look(w.gail, "@dana")
            #expect(
                gail.access == [
                    .displayName: .allow, .username: .allow, .photo: .allow, .bio: .deny, .email: .deny, .phone: .deny,
                ])
            #expect(gail.fields[.email] == String?.none && gail.ask.isEmpty)
            // Hal (unlinked, Colleagues): bio allow (Contacts), phone ask (Contacts), email allow (Colleagues).
            let hal = try await s.viewAs(w.dana, contact: "Hal", profile: nil)
            #expect(
                hal.access == [
                    .displayName: .allow, .username: .allow, .photo: .allow, .bio: .allow, .email: .allow, .phone: .ask,
                ])
            // Family phone deny: Erin falls to Contacts (ask) since Colleagues denies phone.
            _ = try await s.setAccess(w.dana, profile: nil, field: .phone, circle: "Family", access: .deny)
            _ = try await s.setAccess(w.dana, profile: nil, field: .phone, circle: "Contacts", access: .deny)
            _ = try await s.saveAccess(w.dana, profile: nil)
            #expect(try await s.look(w.erin, "@dana").access[.phone] == .deny)
            _ = try await s.setAccess(w.dana, profile: nil, field: .phone, circle: "Colleagues", access: .ask)
            _ = try await s.saveAccess(w.dana, profile: nil)
            #expect(try await s.look(w.erin, "@dana").access[.phone] == .ask)
            // The owner sees everything.
            let own = try await s.look(w.dana, "@dana")
            #expect(own.fields[.phone] == "+1 555 0101" && own.ask.isEmpty)
        },
        ContractCase("view-as equals look for every linked contact") { env in
            let w = try await Self.world(env)
            for (contact, viewer) in [("Erin", w.erin), ("Finn", w.finn)] {
                let preview = try await env.service.viewAs(w.dana, contact: contact, profile: nil)
                let look = try await env.service.look(viewer, "dana@example.com")
                #expect(preview == look)
            }
        },
        ContractCase("requests: only ask fields, dedupe, cap 10, expiry, allow, deny, grants") { env in
            let w = try await Self.world(env)
            let s = env.service
            #expect(
                await sentence { _ = try await s.request(w.finn, "@dana", field: .bio, reason: nil) }
                    == "You can already see bio")
            #expect(
                await sentence { _ = try await s.request(w.gail, "@dana", field: .phone, reason: nil) }
                    == "phone is not shared with you")
            #expect(
                await sentence {
                    _ = try await s.request(w.finn, "@dana", field: .phone, reason: String(repeating: "x", count: 201))
                } == "The reason can be at most 200 characters")
            let first = try await s.request(w.finn, "@dana", field: .phone, reason: "To call you")
            #expect(try await s.request(w.finn, "@dana", field: .phone, reason: nil) == first)
            var inbox = try await s.requests(w.dana)
            #expect(inbox.count == 1 && inbox[0].from == PersonaSummary(displayName: "Finn Tester", username: nil))
            #expect(inbox[0].reason == "To call you" && inbox[0].field == .phone)
            #expect(inbox[0].expiresAt == inbox[0].createdAt.addingTimeInterval(14 * 24 * 3600))
            // Expiry after 14 days: the request leaves the inbox, and a new one may be made.
            env.clock.advance(by: 14 * 24 * 3600)
            #expect(try await s.requests(w.dana).isEmpty)
            let second = try await s.request(w.finn, "@dana", field: .phone, reason: nil)
            #expect(second != first)
            // Allow: the field becomes visible; the grant is listed and revoked.
            let grant = try await s.allowRequest(w.dana, second.requestId, allFields: false)
            #expect(grant.field == .phone && grant.to.displayName == "Finn Tester")
            #expect(try await s.look(w.finn, "@dana").fields[.phone] == "+1 555 0101")
            #expect(try await s.look(w.finn, "@dana").access[.email] == .ask)
            #expect(try await s.grants(w.dana).map(\.grantId) == [grant.grantId])
            #expect(try await s.grants(w.dana).map(\.field) == [.phone])
            _ = try await s.revokeGrant(w.dana, grant.grantId)
            #expect(try await s.look(w.finn, "@dana").access[.phone] == .ask)
            #expect(
                await sentence { _ = try await s.revokeGrant(w.dana, grant.grantId) }
                    == "No grant named \(grant.grantId)")
            // Deny.
            let third = try await s.request(w.finn, "@dana", field: .email, reason: nil)
            let denied = try await s.denyRequest(w.dana, third.requestId)
            #expect(denied.status == .denied)
            #expect(try await s.requests(w.dana).isEmpty)
            #expect(
                await sentence { _ = try await s.denyRequest(w.dana, third.requestId) }
                    == "No request named \(third.requestId)")
            // Allow with all fields.
            let fourth = try await s.request(w.finn, "@dana", field: .email, reason: nil)
            let all = try await s.allowRequest(w.dana, fourth.requestId, allFields: true)
            #expect(all.field == nil)
            #expect(try await s.look(w.finn, "@dana").ask.isEmpty)
            // Removing the contact ends its grants.
            _ = try await s.removeContact(w.dana, "Finn")
            #expect(try await s.grants(w.dana).isEmpty)
            #expect(try await s.look(w.finn, "@dana").access[.email] == .deny)
            inbox = try await s.requests(w.dana)
            #expect(inbox.isEmpty)
        },
        ContractCase("at most 10 pending requests per viewer per owner") { env in
            let w = try await Self.world(env)
            let s = env.service
            // Five shadows shown to Contacts, email and phone ask for Finn on each: 12 possible requests.
            _ = try await s.request(w.finn, "@dana", field: .email, reason: nil)
            _ = try await s.request(w.finn, "@dana", field: .phone, reason: nil)
            for index in 0..<5 {
                _ = try await s.createShadow(w.dana, type: .personal, displayName: "S\(index)", circles: ["Contacts"])
                _ = try await s.editProfile(w.dana, nil, ProfileEdit(username: "dana_s\(index)"))
            }
            var made = 2
            for index in 0..<5 {
                for field in [Field.email, .phone] where made < 10 {
                    _ = try await s.request(w.finn, "@dana_s\(index)", field: field, reason: nil)
                    made += 1
                }
            }
            #expect(try await s.requests(w.dana).count == 10)
            #expect(
                await sentence { _ = try await s.request(w.finn, "@dana_s4", field: .phone, reason: nil) }
                    == "You have 10 pending requests to this person")
            // Deleting a shadow removes its requests.
            _ = try await s.deleteShadow(w.dana, "S0")
            #expect(try await s.requests(w.dana).count == 8)
        },
        ContractCase("a request shows the requester's active persona, never its other profiles") { env in
            let w = try await Self.world(env)
            let s = env.service
            _ = try await s.editProfile(w.finn, nil, ProfileEdit(username: "finn.primary", phone: "+1 555 0199"))
            _ = try await s.createShadow(w.finn, type: .anonymous, displayName: "Ghost", circles: [])
            _ = try await s.editProfile(w.finn, nil, ProfileEdit(username: "ghost"))
            _ = try await s.request(w.finn, "@dana", field: .phone, reason: nil)
            let inbox = try await s.requests(w.dana)
            #expect(inbox.map(\.from) == [PersonaSummary(displayName: "Ghost", username: "ghost")])
            let text = everything(inbox)
            let primary = try await s.profile(w.finn, "primary")
            for secret in [
                primary.id, "Finn Tester", "finn.primary", "+1 555 0199", "finn@example.com", w.finn.accountId,
            ] {
                #expect(!text.contains(secret))
            }
        },
    ]

    /// The cases that need a store another process shares (`CirclesContractEnvironment.restarted()` on its own
    /// connection): SQLite's file and PostgreSQL's database, not the memory of one process.
    public static let sharedStoreCases: [ContractCase<CirclesContractEnvironment>] = [
        ContractCase("staleness: another process's cell save and membership change are seen at the next check") { env in
            let w = try await Self.world(env)
            let first = env.service
            let second = try await env.restarted()
            #expect(try await first.look(w.finn, "@dana").access[.phone] == .ask)
            _ = try await second.setAccess(w.dana, profile: nil, field: .phone, circle: "Contacts", access: .allow)
            #expect(try await first.look(w.finn, "@dana").access[.phone] == .ask)
            _ = try await second.saveAccess(w.dana, profile: nil)
            #expect(try await first.look(w.finn, "@dana").access[.phone] == .allow)
            #expect(try await first.look(w.gail, "@dana").access[.bio] == .deny)
            _ = try await second.addMembers(w.dana, circle: "Friends", contacts: ["Finn"])
            _ = try await second.setAccess(w.dana, profile: nil, field: .email, circle: "Friends", access: .deny)
            _ = try await second.saveAccess(w.dana, profile: nil)
            #expect(try await first.look(w.finn, "@dana").access[.email] == .ask)
            _ = try await second.removeMembers(w.dana, circle: "Friends", contacts: ["Finn"])
            _ = try await second.addMembers(w.dana, circle: "Family", contacts: ["Finn"])
            #expect(try await first.look(w.finn, "@dana").access[.email] == .allow)
            // The owner's token changes for another connection's commit.
            let before = try await env.store.changeToken(owner: w.dana.accountId)
            _ = try await second.removeMembers(w.dana, circle: "Family", contacts: ["Finn"])
            #expect(try await env.store.changeToken(owner: w.dana.accountId) != before)
            #expect(try await first.look(w.finn, "@dana").access[.email] == .ask)
            // The values shown come from the same snapshot as the rules: another process's edit is seen at once.
            _ = try await first.look(w.finn, "dana@example.com")
            _ = try await second.editProfile(w.dana, nil, ProfileEdit(bio: "Climbs on Sundays"))
            #expect(try await first.look(w.finn, "dana@example.com").fields[.bio] == "Climbs on Sundays")
            #expect(try await first.look(w.finn, "@dana").fields[.bio] == "Climbs on Sundays")
        }
    ]
}
