import Circles
import CirclesCommands
import Console
import Foundation
import Testing

@Suite("the access matrix grid, staged edits and the farewell note")
struct AccessGridTests {
    @Test("the grid: fields by circles, ✓ ✗ ?, columns aligned by display width even with emoji names")
    func alignment() async throws {
        let harness = try await Harness()
        try await harness.setUp("circle create '📚 Books'", "circle create 'Band 🎸🎶'", "circle create 家族")
        let grid = await harness.run("access")
        #expect(grid.code == 0)
        let lines = grid.lines
        #expect(lines[0] == "Access for Dana Reyes (Primary)")
        let names = ["Contacts", "Public", "Family", "Friends", "Colleagues", "📚 Books", "Band 🎸🎶", "家族"]
        let header = lines[1]
        #expect(header.hasPrefix("FIELD"))
        let starts = nameColumns(header, names)
        #expect(starts.count == names.count)
        #expect(starts == starts.sorted())
        let rows = Array(lines[2...7])
        #expect(rows.map { String($0.prefix { $0 != " " }) } == Field.allCases.map(\.rawValue))
        for row in rows {
            #expect(symbolColumns(row) == starts, "\(row)")
        }
        #expect(rows[0].hasPrefix("displayName  ✓         ✓       ✓       ✓        ✓           ✗"))
        #expect(rows[5].hasPrefix("phone        ?         ✗       ✓       ?        ✗           ✗"))
        #expect(lines[8] == "✓ allow  ✗ deny  ? ask")
        #expect(lines.count == 9)
    }

    @Test("staged cells carry a trailing * and the unsaved note; save and discard")
    func staging() async throws {
        let harness = try await Harness()
        try await harness.setUp("circle create '📚 Books'")
        let set = await harness.run("access set bio '📚 books' allow")
        #expect(set.lines[0] == "Staged: bio for 📚 Books → ✓ allow.")
        let cycle = await harness.run("access cycle phone Friends")
        #expect(cycle.lines[0] == "Staged: phone for Friends → ✓ allow.")
        let grid = await harness.run("access")
        let header = grid.lines[1]
        let starts = nameColumns(header, ["Contacts", "Public", "Family", "Friends", "Colleagues", "📚 Books"])
        let bio = try #require(grid.lines.first { $0.hasPrefix("bio") })
        let phone = try #require(grid.lines.first { $0.hasPrefix("phone") })
        #expect(symbolColumns(bio) == starts)
        #expect(bio.hasSuffix("✓*"))
        #expect(phone.contains("✓*"))
        #expect(grid.out.filter { $0 == "*" }.count == 3)  // two cells and the legend
        #expect(grid.out.contains("✓ allow  ✗ deny  ? ask  * unsaved"))
        #expect(grid.lines.last == "2 unsaved changes: `access save` or `access discard`")

        let json = await harness.run("access", json: true)
        #expect(keys(json.object).isSuperset(of: ["profileId", "cells", "unsaved"]))
        #expect(json.object["unsaved"] as? Bool == true)
        let cells = try #require(json.object["cells"] as? [String: [String: String]])
        #expect(Set(cells.keys) == Set(Field.allCases.map(\.rawValue)))
        #expect(cells["bio"]?.values.contains("allow") == true)
        #expect(cells["displayName"]?.count == 6)

        #expect(
            await CirclesFarewell.note(service: harness.service, principals: harness.principals)
                == "You have unsaved access changes: `access save` or `access discard`.")
        let discarded = await harness.run("access discard", json: true)
        #expect(discarded.object["unsaved"] as? Bool == false)
        #expect(await CirclesFarewell.note(service: harness.service, principals: harness.principals) == nil)
        #expect(!(await harness.run("access").out.contains("*")))

        try await harness.setUp("access allow-all Public")
        let saved = await harness.run("access save")
        #expect(saved.lines[0] == "Saved. Your access changes apply now.")
        #expect(!saved.out.contains("unsaved"))
        let publicColumn = await harness.run("access", json: true).object["cells"] as? [String: [String: String]]
        let publicId = try #require(
            await harness.run("circles", json: true).array.first { $0["name"] as? String == "Public" }?["circleId"]
                as? String)
        #expect(Field.allCases.allSatisfy { publicColumn?[$0.rawValue]?[publicId] == "allow" })

        let reset = await harness.run("access reset")
        #expect(reset.lines[0] == "Staged: every cell back to its default.")
        #expect(reset.out.contains("unsaved changes: `access save` or `access discard`"))
        try await harness.setUp("access save")
        #expect(await harness.run("circle show Public").out.contains("✗ deny   bio, email, phone"))
    }

    @Test("the grid in plain text without a terminal, coloured on one; other profiles by name")
    func plainAndProfiles() async throws {
        let harness = try await Harness()
        let plain = await harness.run("access")
        #expect(!plain.out.contains("\u{1B}"))
        let coloured = await harness.run("access", terminal: true)
        #expect(coloured.out.contains("\u{1B}["))
        try await harness.setUp("shadow create --type professional --name 'Dana Works'", "persona switch primary")
        let shadow = await harness.run("access 'dana works'")
        #expect(shadow.lines[0] == "Access for Dana Works (Professional)")
        let staged = await harness.run("access set email Family deny --profile 'Dana Works'", json: true)
        #expect(staged.object["unsaved"] as? Bool == true)
        #expect(await harness.run("access", json: true).object["unsaved"] as? Bool == false)
        #expect(await CirclesFarewell.note(service: harness.service, principals: harness.principals) != nil)
    }

    @Test("leaving the REPL with staged edits warns once")
    func farewellInREPL() async throws {
        let harness = try await Harness()
        let output = CapturedText()
        let errors = CapturedText()
        let shell = harness.shell(output: output, errors: errors)
        let editor = ScriptedLineEditor([.line("access set bio Public ask"), .line("access"), .end])
        let service = harness.service
        let principals = harness.principals
        let code = await shell.runREPL(
            editor: editor, history: nil, banner: "", prompt: { "kith> " },
            farewell: { await CirclesFarewell.note(service: service, principals: principals) },
            defaults: Shell.Defaults())
        #expect(code == 0)
        #expect(errors.text == "You have unsaved access changes: `access save` or `access discard`.\n")
        harness.signOut()
        #expect(await CirclesFarewell.note(service: service, principals: principals) == nil)
    }
}
