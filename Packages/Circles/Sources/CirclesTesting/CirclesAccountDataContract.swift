import Accounts
import Circles
import CirclesSQL
import Foundation
import Identity
import IdentitySQL
import Kernel
import Storage
import StorageTesting
import Testing

/// DOMAIN.md's "Leaving, and taking your data", Circles' share (`CirclesAccountData`): what every `CirclesStore`
/// must delete, keep and export. On SQL stores it runs through `SQLAccountDataShare.circles`, as the composition
/// runs it, and the checks read every Circles table, so a table added later is covered without being named here.
public enum CirclesAccountDataContract {
    /// The accounts of `world(_:)` and the ids the checks look for.
    public struct World: Sendable {
        public let dana: Principal
        public let erin: Principal
        public let finn: Principal
        /// Dana's profiles (primary, then shadows) and circles.
        public let danaProfileIds: [String]
        public let danaCircleIds: [String]
        /// Erin's contact card of Dana: what Erin typed.
        public let erinsCardOfDana: Contact
        /// Every value planted for the export, by the table it is stored in (`circles_versions` excepted: a
        /// counter, not data about anyone), each with how the export shows it.
        public let planted: [String: Planted]
        /// Values of Erin's that Dana is never shown.
        public let erinsPrivateValues: [String]
    }

    /// A value planted in one table, and whether an export shows it.
    public struct Planted: Sendable {
        public let value: String
        public let isShown: @Sendable (CirclesExport, String) -> Bool
    }

    /// Dana (to be deleted) with 200 contacts (Erin linked), custom circles with members, two shadows shown to
    /// circles, a saved cell and a staged one, a persona, a dismissed suggestion, and grants and requests both ways
    /// with Erin (one allowed and one pending each way, made under a shadow's name on Dana's side). Erin has a
    /// contact card of Dana with her own typed name, phone and email, a private bio and phone, a hidden shadow and
    /// data of her own; Finn has data that nothing of Dana's touches.
    public static func world(_ env: CirclesContractEnvironment) async throws -> World {
        let s = env.service
        let erin = try await env.account("Erin")
        let finn = try await env.account("Finn")
        let dana = try await env.account("Dana", last: "Quillfeather")

        // Dana's own data.
        _ = try await s.editProfile(dana, nil, ProfileEdit(username: "quill", bio: "Quill primary bio"))
        _ = try await s.addContact(
            dana, ContactDraft(displayName: "Erin E", accountEmail: "erin@example.com", email: "ee@typed.example"))
        let zed = try await s.addContact(
            dana, ContactDraft(displayName: "Zed Planted", phone: "+1 555 0142", email: "zed@planted.example"))
        for index in 1...198 {
            _ = try await s.addContact(dana, ContactDraft(displayName: "Contact \(String(format: "%03d", index))"))
        }
        let birds = try await s.createCircle(dana, name: "Birdwatchers", emoji: "🦜", color: "teal")
        _ = try await s.createCircle(dana, name: "Climbing", emoji: nil, color: nil)
        let flock = ["Zed Planted", "Contact 001", "Contact 002"]
        _ = try await s.addMembers(dana, circle: "Birdwatchers", contacts: flock)
        _ = try await s.addMembers(dana, circle: "Friends", contacts: flock)
        _ = try await s.addMembers(dana, circle: "Climbing", contacts: ["Erin E", "Contact 003"])
        let suggestion = try #require(try await s.suggestions(dana).first)
        try await s.dismissSuggestion(dana, suggestion.suggestionId)
        _ = try await s.setAccess(dana, profile: "primary", field: .phone, circle: "Birdwatchers", access: .allow)
        _ = try await s.saveAccess(dana, profile: "primary")
        _ = try await s.setAccess(dana, profile: "primary", field: .bio, circle: "Climbing", access: .ask)
        let marsh = try await s.createShadow(
            dana, type: .professional, displayName: "Marsh Harrier", circles: ["Birdwatchers"])
        _ = try await s.editProfile(dana, nil, ProfileEdit(username: "marsh.harrier", bio: "Marsh planted bio"))
        let nightjar = try await s.createShadow(dana, type: .anonymous, displayName: "Nightjar", circles: ["Family"])
        _ = try await s.switchPersona(dana, "Marsh Harrier")

        // Erin's own data, and her card of Dana.
        _ = try await s.editProfile(erin, nil, ProfileEdit(bio: "Erin secret bio", phone: "+1 555 0177"))
        let card = try await s.addContact(
            erin,
            ContactDraft(
                displayName: "Sis", accountEmail: "dana@example.com", phone: "+1 555 0199", email: "sis@home.example"))
        _ = try await s.addContact(erin, ContactDraft(displayName: "Hidden Friend", phone: "+1 555 0166"))
        _ = try await s.createCircle(erin, name: "Erin Secret Circle", emoji: nil, color: nil)
        _ = try await s.addMembers(erin, circle: "Erin Secret Circle", contacts: ["Sis", "Hidden Friend"])
        // Two custom circles (nothing allowed by default): Contacts still asks Dana for email and phone.
        _ = try await s.createCircle(erin, name: "Erin Other Circle", emoji: nil, color: nil)
        _ = try await s.addMembers(erin, circle: "Erin Other Circle", contacts: ["Sis", "Hidden Friend"])
        try await s.dismissSuggestion(erin, try #require(try await s.suggestions(erin).first).suggestionId)
        let erinShadow = try await s.createShadow(erin, type: .personal, displayName: "Erin Shadow", circles: [])
        _ = try await s.switchPersona(erin, "primary")

        // Both ways: Erin asks Dana (Contacts asks email and phone), Dana asks Erin as Marsh Harrier.
        let toDana = try await s.request(erin, "@quill", field: .email, reason: "Planted reason to Dana")
        _ = try await s.allowRequest(dana, toDana.requestId, allFields: false)
        _ = try await s.request(erin, "@quill", field: .phone, reason: nil)
        let fromDana = try await s.request(dana, "erin@example.com", field: .email, reason: "Planted reason by Dana")
        _ = try await s.allowRequest(erin, fromDana.requestId, allFields: false)
        _ = try await s.request(dana, "erin@example.com", field: .phone, reason: nil)

        // Finn's own data.
        _ = try await s.addContact(finn, ContactDraft(displayName: "Finn Pal", phone: "+1 555 0111"))
        _ = try await s.createCircle(finn, name: "Finn Circle", emoji: nil, color: nil)
        _ = try await s.addMembers(finn, circle: "Finn Circle", contacts: ["Finn Pal"])

        let danaProfiles = try await env.store.read { circles, _ in
            try circles.profiles(ownerAccountId: dana.accountId).map(\.id)
        }
        let danaCircles = try await s.circles(dana).map(\.id)
        let primaryId = try await s.profile(dana, "primary").id
        let planted: [String: Planted] = [
            "circles_contacts": Planted(value: "zed@planted.example") { export, _ in
                export.contacts.contains { $0.email == "zed@planted.example" && $0.phone == "+1 555 0142" }
            },
            "circles_circles": Planted(value: "Birdwatchers") { export, _ in
                export.circles.contains { $0.name == "Birdwatchers" && $0.emoji == "🦜" && $0.color == .teal }
            },
            "circles_memberships": Planted(value: zed.id) { export, _ in
                export.contacts.first { $0.id == zed.id }?.circleNames == ["Friends", "Birdwatchers"]
            },
            "circles_dismissed_suggestions": Planted(value: suggestion.suggestionId) { export, _ in
                export.dismissedSuggestions == [suggestion.suggestionId]
            },
            "circles_profiles": Planted(value: "Marsh planted bio") { export, _ in
                export.profiles.contains { $0.username == "marsh.harrier" && $0.bio == "Marsh planted bio" }
            },
            "circles_shadow_circles": Planted(value: birds.id) { export, _ in
                export.profiles.first { $0.id == marsh.id }?.shownToCircleIds == [birds.id]
                    && export.profiles.first { $0.id == nightjar.id }?.shownToCircleNames == ["Family"]
            },
            "circles_personas": Planted(value: marsh.id) { export, _ in
                export.activePersonaId == marsh.id && export.profiles.filter(\.active).map(\.id) == [marsh.id]
            },
            "circles_cells": Planted(value: "phone allow in Birdwatchers") { export, _ in
                let primary = export.profiles.first { $0.id == primaryId }
                return primary?.matrix.contains { $0.field == .phone && $0.circleId == birds.id && $0.access == .allow }
                    == true
                    // The other cells are the defaults.
                    && primary?.matrix.contains {
                        $0.field == .phone && $0.circleName == "Family" && $0.access == .allow
                    }
                        == true
            },
            "circles_staged_cells": Planted(value: "bio ask in Climbing") { export, _ in
                export.profiles.first { $0.id == primaryId }?.staged.map { "\($0.field) \($0.circleName ?? "")" }
                    == ["bio Climbing"]
            },
            "circles_requests": Planted(value: "Planted reason by Dana") { export, json in
                json.contains("Planted reason to Dana")
                    && export.requestsMade.contains { $0.reason == "Planted reason by Dana" && $0.status == .allowed }
                    && export.requestsToMe.map(\.status).sorted { $0.rawValue < $1.rawValue } == [.allowed, .pending]
            },
            "circles_grants": Planted(value: "email grants both ways") { export, _ in
                export.grantsGiven.map(\.field) == [.email] && export.grantsHeld.map(\.field) == [.email]
                    && export.grantsGiven.first?.to.displayName == "Erin Tester"
            },
        ]
        return World(
            dana: dana, erin: erin, finn: finn, danaProfileIds: danaProfiles, danaCircleIds: danaCircles,
            erinsCardOfDana: card, planted: planted,
            erinsPrivateValues: [
                "Erin secret bio", "+1 555 0177", "erin@example.com", "Sis", "+1 555 0199", "sis@home.example",
                "Hidden Friend", "+1 555 0166", "Erin Secret Circle", "Erin Other Circle", "Erin Shadow", erinShadow.id,
                card.id,
            ])
    }

    public static let cases: [ContractCase<CirclesContractEnvironment>] = [
        ContractCase("deleting a fully loaded account leaves nothing of it; others keep theirs, unlinked") { env in
            let w = try await world(env)
            let danaId = w.dana.accountId
            #expect(try await env.service.contacts(w.dana).count == 200)
            let erinBefore = try await Snapshot.of(w.erin.accountId, env)
            let finnBefore = try await Snapshot.of(w.finn.accountId, env)
            let erinToken = try await env.store.changeToken(owner: w.erin.accountId)
            let finnToken = try await env.store.changeToken(owner: w.finn.accountId)
            #expect(try await stored(env).contains { $0.value.contains(danaId.lowercased()) })

            try await delete(danaId, env)

            // Nothing of Dana anywhere: id, email, names, profiles' and circles' ids.
            let needles =
                [danaId, "dana@example.com", "dana", "quillfeather", "quill", "marsh", "nightjar"] + w.danaProfileIds
                + w.danaCircleIds
            for (table, text) in try await stored(env) {
                let held = needles.filter { text.contains($0.lowercased()) }
                #expect(held.isEmpty, "\(table) holds \(held)")
            }
            // Erin's card of Dana keeps what she typed and loses the link; the rest of Erin's data is hers still, but
            // for the requests and grants Dana had with her.
            var card = w.erinsCardOfDana
            card.linkedAccountId = nil
            let erinAfter = try await Snapshot.of(w.erin.accountId, env)
            #expect(erinAfter.contacts.first { $0.id == card.id } == card)
            #expect(erinAfter == erinBefore.withoutAccount(danaId))
            #expect(erinAfter.grants.isEmpty && erinAfter.requests.isEmpty)
            #expect(!erinBefore.grants.isEmpty && erinBefore.requests.count == 2)
            #expect(try await Snapshot.of(w.finn.accountId, env) == finnBefore)
            // Erin's caches must notice her changed data; Finn's data did not change at all (in memory, one version
            // counts every owner's writes).
            #expect(try await env.store.changeToken(owner: w.erin.accountId) != erinToken)
            if env.statements != nil {
                #expect(try await env.store.changeToken(owner: w.finn.accountId) == finnToken)
            }
            // Through the service, Erin's view agrees, and her card shows no account.
            let contact = try #require(try await env.service.contacts(w.erin).first { $0.id == card.id })
            #expect(
                contact.linkedAccountId == nil && contact.circleNames == ["Erin Secret Circle", "Erin Other Circle"])
            #expect(try await env.service.requests(w.erin).isEmpty)
            #expect(try await env.service.grants(w.erin).isEmpty)
        },
        ContractCase("an export holds every table's data of the account and nothing private of anyone else") { env in
            let w = try await world(env)
            let subject = ExportSubject(
                kind: .account, id: w.dana.accountId, memberIds: [w.dana.accountId], householdIds: [])
            let export = try #require(try await Self.export(subject, env))
            let json = String(decoding: try KithJSON.encoder().encode(export), as: UTF8.self)
            if env.statements != nil {
                // Every Circles table has a value planted, so a table added later fails here until it is exported.
                let tables = Set(try await stored(env).keys)
                #expect(tables == Set(w.planted.keys).union(["circles_versions"]))
            }
            for (table, planted) in w.planted.sorted(by: { $0.key < $1.key }) {
                #expect(planted.isShown(export, json), "\(table): \(planted.value)")
            }
            #expect(export.contacts.count == 200 && export.circles.count == 7 && export.profiles.count == 3)
            #expect(export.profiles.allSatisfy { $0.matrix.count == 6 * 7 })
            #expect(export.requestsMade.count == 2 && export.grantsHeld.count == 1)
            for value in w.erinsPrivateValues {
                #expect(!json.contains(value), "the export holds \(value)")
            }
            // Requests to Dana and grants she gave show Erin's persona, never her account or profile.
            let erinPrimary = try await env.service.profile(w.erin, "primary").id
            let encoder = KithJSON.encoder()
            let shared =
                String(decoding: try encoder.encode(export.requestsToMe), as: UTF8.self)
                + String(decoding: try encoder.encode(export.grantsGiven), as: UTF8.self)
            #expect(shared.contains("Erin Tester"))
            #expect(!shared.contains(w.erin.accountId) && !shared.contains(erinPrimary))
        },
        ContractCase("a managed member's export and an account that never used Circles have no Circles part") { env in
            let hal = try await env.account("Hal")
            let gail = try await env.account("Gail")
            _ = try await env.service.addContact(hal, ContactDraft(displayName: "Ivy"))
            func subject(_ kind: ExportSubject.Kind, _ id: String) -> ExportSubject {
                ExportSubject(kind: kind, id: id, memberIds: [id], householdIds: [])
            }
            #expect(try await export(subject(.account, hal.accountId), env)?.contacts.map(\.displayName) == ["Ivy"])
            #expect(try await export(subject(.member, "managed_\(UUID().uuidString)"), env) == nil)
            #expect(try await export(subject(.account, gail.accountId), env) == nil)
        },
    ]

    // MARK: - Running the share

    /// Deletes `accountId`'s Circles data in one write, as the composition does: on SQL through the share.
    static func delete(_ accountId: String, _ env: CirclesContractEnvironment) async throws {
        let now = env.clock.now()
        if let database = env.statements {
            let store = SQLStore<(any IdentityStoreTransaction, any AccountDataShares)>(
                accountDataOn: database, shares: [.circles])
            try await store.write(durability: .immediate) { identity, shares in
                try shares.delete(try deletion(accountId, identity, at: now))
            }
        } else {
            try await env.store.write(durability: .immediate) { circles, identity in
                try CirclesAccountData.delete(try deletion(accountId, identity, at: now), circles)
            }
        }
    }

    /// The export of `subject`, as the composition makes it: on SQL through the share.
    static func export(_ subject: ExportSubject, _ env: CirclesContractEnvironment) async throws -> CirclesExport? {
        if let database = env.statements {
            let store = SQLStore<(any IdentityStoreTransaction, any AccountDataShares)>(
                accountDataOn: database, shares: [.circles])
            let parts = try await store.read { _, shares in try shares.export(subject) }
            #expect(parts.count <= 1 && parts.allSatisfy { $0.feature == "circles" })
            return parts.first.map { $0.value as? CirclesExport } ?? nil
        }
        return try await env.store.read { circles, _ in try CirclesAccountData.export(subject, circles) }
    }

    private static func deletion(
        _ accountId: String, _ identity: any AccountsStoreTransaction, at now: Date
    ) throws -> AccountDeletion {
        let account = try #require(try identity.account(id: accountId))
        return AccountDeletion(
            account: account, householdIds: [], transferredHouseholds: [:], removedHouseholdIds: [], at: now)
    }

    // MARK: - Reading what is stored

    /// Everything the Circles store holds, lower-cased, by table: on SQL every value of every column of every
    /// `circles_` table (found in the schema, not listed here); in memory the whole state, as one text.
    static func stored(_ env: CirclesContractEnvironment) async throws -> [String: String] {
        guard let database = env.statements else {
            return ["memory": try await env.store.read { circles, _ in everything(circles).lowercased() }]
        }
        return try await DatabaseContents(of: database, tablePrefix: "circles").tables.mapValues {
            $0.joined(separator: "\n").lowercased()
        }
    }

    /// One owner's Circles data as the store keeps it, in an order that does not depend on the store.
    struct Snapshot: Equatable, Sendable {
        var contacts: [Contact]
        var circles: [Circle]
        var memberships: Set<Membership>
        var profiles: [Profile]
        var cells: Set<MatrixCell>
        var staged: Set<MatrixCell>
        var grants: [GrantRecord]
        var requests: [RequestRecord]
        var persona: String?
        var dismissed: Set<String>

        static func of(_ owner: String, _ env: CirclesContractEnvironment) async throws -> Snapshot {
            try await env.store.read { circles, _ in
                Snapshot(
                    contacts: try circles.contacts(ownerAccountId: owner),
                    circles: try circles.circles(ownerAccountId: owner),
                    memberships: Set(try circles.memberships(ownerAccountId: owner)),
                    profiles: try circles.profiles(ownerAccountId: owner),
                    cells: Set(try circles.cells(ownerAccountId: owner)),
                    staged: Set(
                        try circles.profilesWithStagedCells(accountId: owner).flatMap {
                            try circles.stagedCells(accountId: owner, profileId: $0)
                        }),
                    grants: try circles.grants(ownerAccountId: owner),
                    requests: try circles.requests(ownerAccountId: owner),
                    persona: try circles.activePersonaId(accountId: owner),
                    dismissed: try circles.dismissedSuggestions(ownerAccountId: owner))
            }
        }

        /// This data as `accountId`'s deletion leaves it: contacts linked to it unlinked, its requests and grants gone.
        func withoutAccount(_ accountId: String) -> Snapshot {
            var snapshot = self
            snapshot.contacts = contacts.map { contact in
                var contact = contact
                if contact.linkedAccountId == accountId { contact.linkedAccountId = nil }
                return contact
            }
            snapshot.grants.removeAll { $0.viewerAccountId == accountId }
            snapshot.requests.removeAll { $0.requesterAccountId == accountId }
            return snapshot
        }
    }
}
