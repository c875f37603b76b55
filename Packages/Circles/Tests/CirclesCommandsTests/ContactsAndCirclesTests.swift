import Circles
import Console
import Foundation
import Testing

@Suite("contacts, circles and suggestions (transcripts through Shell)")
struct ContactsAndCirclesTests {
    @Test("contacts: add, edit, list and remove, human and --json")
    func contacts() async throws {
        let harness = try await Harness()
        #expect(await harness.run("contacts").out == "No contacts yet: `contact add NAME [--account EMAIL]`\n")
        let added = await harness.run(
            "contact add 'Sam Kim' --account sam@example.com --phone '+1 555 0101'", json: true)
        #expect(added.code == 0, "\(added.err)")
        #expect(keys(added.object).isSuperset(of: ["contactId", "displayName"]))
        #expect(added.object["displayName"] as? String == "Sam Kim")
        let human = await harness.run("contact add 'Ana Lima' --email ana@example.com")
        #expect(human.out.hasPrefix("Added Ana Lima to your contacts."))
        try await harness.setUp("circle add Friends 'Sam Kim'")

        let list = await harness.run("contacts", json: true)
        #expect(list.array.count == 2)
        let sam = try #require(list.array.first { $0["displayName"] as? String == "Sam Kim" })
        #expect(keys(sam).isSuperset(of: ["contactId", "displayName", "accountId", "phone", "email", "circles"]))
        #expect(sam["accountId"] as? String == harness.sam.accountId)
        #expect(sam["circles"] as? [String] == ["Friends"])
        #expect(list.array.first { $0["displayName"] as? String == "Ana Lima" }?["accountId"] is NSNull)

        let table = await harness.run("contacts")
        #expect(table.lines[0] == "Contacts (2)")
        #expect(table.lines[1].hasPrefix("NAME      CIRCLES  LINKED  EMAIL"))
        #expect(table.out.contains("Friends"))

        let edited = await harness.run(
            "contact edit 'ana lima' --name 'Ana Lima-Souza' --phone '+44 20 7946 0000'", json: true)
        #expect(edited.object["displayName"] as? String == "Ana Lima-Souza")
        #expect(edited.object["phone"] as? String == "+44 20 7946 0000")
        #expect(await harness.run("contact edit Ana").code == 2)

        let removed = await harness.run("contact remove 'Ana Lima-Souza'", yes: true)
        #expect(removed.out == "Removed Ana Lima-Souza from your contacts.\n")
        #expect(await harness.run("contacts", json: true).array.count == 1)
        let unknown = await harness.run("contact remove Nobody", yes: true)
        #expect(unknown.code == 1)
        #expect(unknown.err == "error: No contact named Nobody\n")
    }

    @Test("circles reads like Circles Home: sections, counts, Public without one, the empty state")
    func home() async throws {
        let harness = try await Harness()
        try await harness.world()
        let home = await harness.run("circles")
        #expect(home.code == 0)
        #expect(
            home.out == """
                Circles

                Mandatory 🔒
                  👥 Contacts    3 members  gray
                  🌐 Public                 blue

                Prepopulated
                  🏠 Family       1 member  red
                  🤝 Friends     2 members  orange
                  💼 Colleagues  0 members  indigo

                Custom
                  Create your first circle: `circle create NAME [--emoji E]`

                """)
        let json = await harness.run("circles", json: true)
        #expect(json.array.count == 5)
        for circle in json.array {
            #expect(keys(circle) == ["circleId", "name", "kind", "emoji", "color", "memberCount"])
        }
        #expect(
            json.array.map { $0["kind"] as? String } == [
                "mandatory", "mandatory", "prepopulated", "prepopulated", "prepopulated",
            ])
        #expect(json.array[1]["memberCount"] is NSNull)
        #expect(json.array[0]["memberCount"] as? Int == 3)

        try await harness.setUp("circle create 'Book club' --emoji 📚 --color teal")
        let withCustom = await harness.run("circles")
        #expect(!withCustom.out.contains("Create your first circle"))
        #expect(withCustom.out.hasSuffix("Custom\n  📚 Book club   0 members  teal\n"))

        let coloured = await harness.run("circles", terminal: true)
        #expect(coloured.out.contains("\u{1B}["))
        #expect(coloured.out.contains("●"))
    }

    @Test("circle create, edit, add, remove; circle show like Circle Detail")
    func detail() async throws {
        let harness = try await Harness()
        try await harness.world()
        let created = await harness.run("circle create 'Book club' --emoji 📚 --color teal", json: true)
        #expect(keys(created.object).isSuperset(of: ["circleId", "name"]))
        #expect(created.object["name"] as? String == "Book club")

        let empty = await harness.run("circle show 'book club'")
        #expect(empty.lines[0] == "📚 Book club  teal  custom")
        #expect(empty.out.contains("Members (0)\n  Add your first member: `circle add 'Book club' CONTACT...`"))

        let edited = await harness.run("circle edit 'Book club' --name Readers --color green", json: true)
        #expect(edited.object["name"] as? String == "Readers")
        #expect(edited.object["color"] as? String == "green")
        #expect(await harness.run("circle edit Readers").code == 2)

        let add = await harness.run("circle add Readers 'Sam Kim' 'Ana Lima'")
        #expect(add.out == "📚 Readers now has 2 members.\n")
        let remove = await harness.run("circle remove Readers 'Ana Lima'", json: true)
        #expect(remove.object["memberCount"] as? Int == 1)
        #expect((remove.object["members"] as? [[String: Any]])?.first?["displayName"] as? String == "Sam Kim")

        let show = await harness.run("circle show Friends")
        #expect(show.lines[0] == "🤝 Friends  orange  prepopulated 🔒")
        #expect(show.out.contains("Members (2)\n  Ana Lima"))
        #expect(show.out.contains("  Sam Kim   linked"))
        #expect(show.out.contains("Access for Dana Reyes (your active persona)"))
        #expect(show.out.contains("  ✓ allow  displayName, username, photo, bio, email\n  ? ask    phone"))
        #expect(show.out.contains("Pending requests (0)\n  No pending requests."))
        let publicShow = await harness.run("circle show Public")
        #expect(publicShow.out.contains("Members  anyone, contacts or not"))
        #expect(publicShow.out.contains("  ✓ allow  displayName, username, photo\n  ✗ deny   bio, email, phone"))

        let json = await harness.run("circle show Friends", json: true)
        #expect(
            keys(json.object).isSuperset(of: [
                "circleId", "name", "kind", "memberCount", "members", "profileId", "access", "pendingRequests",
                "emptyHint",
            ]))
        #expect((json.object["access"] as? [String: String])?["phone"] == "ask")
        // The server's Circle Detail: `emptyHint` is there, null while the circle has members.
        #expect(json.object["emptyHint"] is NSNull)
        let band = await harness.run("circle create Band", json: true)
        #expect(band.code == 0)
        let bandShown = await harness.run("circle show Band", json: true)
        #expect(bandShown.object["emptyHint"] as? String == "Add your first member")
    }

    @Test("delete and merge ask first; merge suggestions with the banner, dismissed for good")
    func deleteMergeSuggestions() async throws {
        let harness = try await Harness()
        try await harness.world()
        try await harness.setUp(
            "circle create Readers", "circle add Readers 'Sam Kim' 'Ana Lima'", "circle create Band --emoji 🎸")

        let suggestions = await harness.run("suggestions", json: true)
        #expect(suggestions.array.count == 1)
        let suggestion = try #require(suggestions.array.first)
        #expect(keys(suggestion).isSuperset(of: ["suggestionId", "circleIds", "jaccard"]))
        #expect(suggestion["jaccard"] as? Double == 1.0)
        let id = try #require(suggestion["suggestionId"] as? String)

        let home = await harness.run("circles")
        #expect(home.out.contains("💡 2 circles look similar\n  Readers and Friends share 100% of their members"))
        #expect(home.out.contains("merge: `circle merge Readers Friends` · dismiss: `suggestions dismiss \(id)`"))
        #expect(await harness.run("suggestions").out.hasPrefix("💡 2 circles look similar"))

        let dismissed = await harness.run("suggestions dismiss \(id)", json: true)
        #expect(dismissed.object["suggestionId"] as? String == id)
        #expect(dismissed.object["dismissed"] as? Bool == true)
        #expect(await harness.run("suggestions").out == "No merge suggestions: your circles look distinct.\n")
        #expect(!(await harness.run("circles").out.contains("look similar")))
        #expect(await harness.run("suggestions dismiss sug_nope").err == "error: No suggestion named sug_nope\n")

        let refused = await harness.run("circle merge Readers Friends")
        #expect(refused.code == 1)
        #expect(refused.err == "error: This needs confirmation: run it again with --yes.\n")
        #expect(await harness.run("circles", json: true).array.count == 7)
        let merged = await harness.run("circle merge Readers Friends", json: true, yes: true)
        #expect(merged.code == 0)
        #expect(merged.object["name"] as? String == "Friends")
        #expect(await harness.run("circles", json: true).array.count == 6)

        let notCustom = await harness.run("circle delete Family", yes: true)
        #expect(notCustom.code == 1)
        #expect(
            notCustom.err
                == "error: Family is not a custom circle: only custom circles can be renamed, edited or deleted\n")

        try await harness.setUp("circle add Band 'Leo Park'")
        let ask = await harness.run("circle delete Band --move-to Colleagues")
        #expect(ask.err == "error: This needs confirmation: run it again with --yes.\n")
        let interaction = ScriptedInteraction(answers: ["y"])
        let deleted = await harness.run("circle delete Band --move-to Colleagues", interaction: interaction)
        #expect(deleted.out == "Deleted 🎸 Band.\n")
        #expect(interaction.questions == ["Move the members of Band to Colleagues, then delete Band? [y/N] "])
        let colleagues = await harness.run("circle show Colleagues", json: true)
        #expect(colleagues.object["memberCount"] as? Int == 1)
    }
}
