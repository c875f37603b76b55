import Circles
import Foundation
import StorageTesting
import Testing

/// DOMAIN.md's Profiles, shadows and personas, through the service: every `CirclesStore` must keep them.
public enum ProfilesContract {
    public static let cases: [ContractCase<CirclesContractEnvironment>] = [
        ContractCase("the primary starts from the account; usernames") { env in
            let erin = try await env.account("Erin")
            let dana = try await env.account("Dana")
            let primary = try await env.service.profile(dana, nil)
            #expect(primary.type == .primary && primary.displayName == "Dana Tester")
            #expect(primary.email == "dana@example.com" && primary.username == nil)
            #expect(try await env.service.profile(dana, "primary").id == primary.id)
            let edited = try await env.service.editProfile(dana, nil, ProfileEdit(username: "Dana.T", bio: "Hi"))
            #expect(edited.username == "dana.t" && edited.bio == "Hi")
            #expect(
                await sentence { _ = try await env.service.editProfile(erin, nil, ProfileEdit(username: "DANA.t")) }
                    == "The username dana.t is taken")
            for bad in ["ab", "a-b-c", String(repeating: "a", count: 31), "émile"] {
                #expect(
                    await sentence { _ = try await env.service.editProfile(erin, nil, ProfileEdit(username: bad)) }
                        == "Usernames are 3-30 characters: a-z, 0-9, _ and .")
            }
        },
        ContractCase("shadows: up to 5, switch on create, personas order, delete") { env in
            let dana = try await env.account("Dana")
            let work = try await env.service.createShadow(
                dana, type: .professional, displayName: "D. Work", circles: [])
            #expect(work.shownToCircleIds.isEmpty && work.username == nil && work.email == nil)
            #expect(try await env.service.activePersona(dana).profileId == work.id)
            env.clock.advance(by: 60)
            let anon = try await env.service.createShadow(
                dana, type: .anonymous, displayName: "Nightowl", circles: ["Friends"])
            env.clock.advance(by: 60)
            _ = try await env.service.switchPersona(dana, "D. Work")
            var personas = try await env.service.personas(dana)
            #expect(personas.map(\.displayName) == ["Dana Tester", "D. Work", "Nightowl"])
            #expect(personas.map(\.active) == [false, true, false])
            #expect(personas.map(\.type) == [.primary, .professional, .anonymous])
            _ = try await env.service.switchPersona(dana, "primary")
            #expect(try await env.service.activePersona(dana).type == .primary)
            for index in 0..<3 {
                _ = try await env.service.createShadow(dana, type: .personal, displayName: "S\(index)", circles: [])
            }
            #expect(
                await sentence {
                    _ = try await env.service.createShadow(dana, type: .personal, displayName: "Six", circles: [])
                } == "You can have up to 5 shadow profiles")
            #expect(
                await sentence { _ = try await env.service.deleteShadow(dana, "primary") }
                    == "Dana Tester is your primary profile, not a shadow")
            // A shadow's type is never `primary`, whoever asks (the HTTP client included).
            await #expect(throws: CirclesError.invalidShadowType("primary")) {
                _ = try await env.service.createShadow(dana, type: .primary, displayName: "Me Again", circles: [])
            }
            _ = try await env.service.switchPersona(dana, anon.id)
            _ = try await env.service.deleteShadow(dana, anon.id)
            personas = try await env.service.personas(dana)
            #expect(personas.count == 5 && personas[0].active)
            // The persona survives a restart.
            _ = try await env.service.switchPersona(dana, "S1")
            #expect(try await env.restarted().activePersona(dana).displayName == "S1")
        },
        ContractCase("matrix defaults, staging, cycle, allow-all, reset, discard") { env in
            let dana = try await env.account("Dana")
            let circles = try await env.service.circles(dana)
            func id(_ name: String) -> String { circles.first { $0.name == name }!.id }
            var matrix = try await env.service.accessMatrix(dana, profile: nil)
            #expect(!matrix.unsaved)
            let expected: [Field: [Access]] = [
                .displayName: [.allow, .allow, .allow, .allow, .allow],
                .username: [.allow, .allow, .allow, .allow, .allow],
                .photo: [.allow, .allow, .allow, .allow, .allow],
                .bio: [.deny, .allow, .allow, .allow, .ask],
                .email: [.deny, .ask, .allow, .allow, .allow],
                .phone: [.deny, .ask, .allow, .ask, .deny],
            ]
            for (field, row) in expected {
                let actual = ["Public", "Contacts", "Family", "Friends", "Colleagues"].map {
                    matrix.cells[field]?[id($0)]
                }
                #expect(actual == row, "\(field)")
            }
            matrix = try await env.service.cycleAccess(dana, profile: nil, field: .phone, circle: "Family")
            #expect(
                matrix.cells[.phone]?[id("Family")] == .deny && matrix.unsaved && matrix.isStaged(.phone, id("Family")))
            matrix = try await env.service.cycleAccess(dana, profile: nil, field: .phone, circle: "Family")
            #expect(matrix.cells[.phone]?[id("Family")] == .ask)
            matrix = try await env.service.cycleAccess(dana, profile: nil, field: .phone, circle: "Family")
            #expect(matrix.cells[.phone]?[id("Family")] == .allow)
            matrix = try await env.service.allowAll(dana, profile: nil, circle: "Public")
            #expect(Field.allCases.allSatisfy { matrix.cells[$0]?[id("Public")] == .allow })
            // Staged edits survive a restart and are shown as unsaved; the saved matrix is unchanged meanwhile.
            let restarted = try await env.restarted()
            #expect(try await restarted.accessMatrix(dana, profile: nil).cells[.phone]?[id("Public")] == .allow)
            #expect(try await restarted.accessMatrix(dana, profile: nil).unsaved)
            #expect(try await restarted.profilesWithUnsavedAccess(dana).count == 1)
            matrix = try await env.service.discardAccess(dana, profile: nil)
            #expect(!matrix.unsaved && matrix.cells[.phone]?[id("Public")] == .deny)
            _ = try await env.service.setAccess(dana, profile: nil, field: .bio, circle: "Public", access: .ask)
            matrix = try await env.service.saveAccess(dana, profile: nil)
            #expect(!matrix.unsaved && matrix.cells[.bio]?[id("Public")] == .ask)
            matrix = try await env.service.resetAccess(dana, profile: nil)
            #expect(matrix.unsaved && matrix.cells[.bio]?[id("Public")] == .deny)
            matrix = try await env.service.saveAccess(dana, profile: "primary")
            #expect(matrix.cells[.bio]?[id("Public")] == .deny)
            #expect(
                AccessMatrix.unsavedWarning == "You have unsaved access changes: `access save` or `access discard`.")
            #expect(matrix.staged.isEmpty && !matrix.cells.isEmpty)
        },
        ContractCase("access save is all or nothing") { env in
            let (env, statements) = try env.withStatements()
            let dana = try await env.account("Dana")
            _ = try await env.service.createCircle(dana, name: "Club", emoji: nil, color: nil)
            _ = try await env.service.allowAll(dana, profile: nil, circle: "Club")
            _ = try await env.service.allowAll(dana, profile: nil, circle: "Public")
            let before = try await env.service.accessMatrix(dana, profile: nil)
            statements.fail("INSERT INTO circles_cells", at: 7)
            #expect(await sentence { _ = try await env.service.saveAccess(dana, profile: nil) } != nil)
            #expect(statements.matches == 7)
            let after = try await env.service.accessMatrix(dana, profile: nil)
            #expect(after == before && after.unsaved)
            statements.stopFailing()
            let saved = try await env.service.saveAccess(dana, profile: nil)
            #expect(!saved.unsaved && saved.cells == before.cells)
        },
        ContractCase("shadows are invisible outside their circles; reveal") { env in
            let erin = try await env.account("Erin")
            let finn = try await env.account("Finn")
            let dana = try await env.account("Dana")
            _ = try await env.service.editProfile(dana, "primary", ProfileEdit(username: "dana"))
            _ = try await env.service.addContact(
                dana, ContactDraft(displayName: "Erin", accountEmail: "erin@example.com"))
            _ = try await env.service.addContact(
                dana, ContactDraft(displayName: "Finn", accountEmail: "finn@example.com"))
            _ = try await env.service.addMembers(dana, circle: "Friends", contacts: ["Erin"])
            _ = try await env.service.createShadow(
                dana, type: .anonymous, displayName: "Nightowl", circles: ["Friends"])
            _ = try await env.service.editProfile(dana, nil, ProfileEdit(username: "owl"))
            let seen = try await env.service.look(erin, "@owl")
            #expect(seen.fields[.displayName] == "Nightowl" && seen.revealedAs == nil)
            #expect(await sentence { _ = try await env.service.look(finn, "@owl") } == "No profile named @owl")
            #expect(await sentence { _ = try await env.service.look(finn, "@nobody") } == "No profile named @nobody")
            let revealed = try await env.service.revealShadow(dana, "Nightowl")
            #expect(revealed.revealedAt != nil)
            #expect(
                await sentence { _ = try await env.service.revealShadow(dana, "Nightowl") }
                    == "Nightowl is already revealed")
            let after = try await env.service.look(erin, "@owl")
            let primary = try await env.service.profile(dana, "primary")
            #expect(
                after.revealedAs
                    == RevealedIdentity(profileId: primary.id, displayName: "Dana Tester", username: "dana"))
            _ = try await env.service.setShadowCircles(dana, "Nightowl", circles: ["Family", "Public"])
            #expect(try await env.service.look(finn, "@owl").profileId == revealed.id)
            #expect(
                await sentence { _ = try await env.service.setShadowCircles(dana, "Nightowl", circles: ["Nope"]) }
                    == "No circle named Nope")
        },
    ]
}
