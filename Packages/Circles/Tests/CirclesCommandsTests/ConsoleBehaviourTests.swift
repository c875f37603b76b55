import Circles
import CirclesCommands
import Console
import Foundation
import Testing

@Suite("every command's --json, exit codes, confirmations, completion")
struct ConsoleBehaviourTests {
    @Test("not signed in: every command says so and exits 1; completion is empty")
    func notSignedIn() async throws {
        let harness = try await Harness()
        harness.signOut()
        for line in [
            "contacts", "contact add Ana", "circles", "circle show Family", "access", "access save", "personas",
            "look @x", "request @x bio", "requests", "grants", "shadow create --type personal --name X",
            "profile show", "view-as Ana", "suggestions",
        ] {
            let run = await harness.run(line)
            #expect(run.code == 1, "\(line)")
            #expect(run.err == "error: Not signed in. Use `login` or `signup` first.\n", "\(line)")
        }
        #expect(await harness.plugin.completionValues().isEmpty)
        #expect(await CirclesFarewell.note(service: harness.service, principals: harness.principals) == nil)
    }

    @Test("usage errors exit 2, refusals exit 1 with the domain's sentence")
    func exitCodes() async throws {
        let harness = try await Harness()
        try await harness.world()
        for line in [
            "circles extra", "circle add Family", "access set bogus Family allow", "access set bio Family maybe",
            "access cycle bio", "shadow create --name X", "contact add", "circle frobnicate", "requests allow",
            "view-as 'Sam Kim' --colour red",
        ] {
            #expect(await harness.run(line).code == 2, "\(line)")
        }
        let manual = await harness.run("circle add Contacts 'Ana Lima'")
        #expect(manual.code == 1)
        #expect(manual.err == "error: Contacts and Public have no manual members\n")
        let taken = await harness.run("circle create friends")
        #expect(taken.err == "error: A circle named friends already exists\n")
        let colour = await harness.run("circle create Band --color mauve")
        #expect(colour.code == 1)
        #expect(colour.err.hasPrefix("error: mauve is not a circle colour"))
        let unknown = await harness.run("access set bio Nowhere allow")
        #expect(unknown.code == 1)
        #expect(unknown.err == "error: No circle named Nowhere\n")
        #expect(await harness.run("circle show primary").err == "error: No circle named primary\n")
    }

    @Test("confirmations are refused without --yes and nothing changes")
    func confirmations() async throws {
        let harness = try await Harness()
        try await harness.world()
        try await harness.setUp("circle create Band", "shadow create --type personal --name Dee")
        let before = await harness.snapshot()
        for line in [
            "contact remove 'Ana Lima'", "circle delete Band", "circle merge Band Friends", "shadow reveal Dee",
            "shadow delete Dee",
        ] {
            let run = await harness.run(line)
            #expect(run.code == 1, "\(line)")
            #expect(run.err == "error: This needs confirmation: run it again with --yes.\n", "\(line)")
            #expect(run.out == "", "\(line)")
        }
        #expect(await harness.snapshot() == before)
    }

    @Test("every command prints exactly one JSON value")
    func oneJSONValue() async throws {
        let harness = try await Harness()
        try await harness.world()
        for line in [
            "contacts", "contact add Zoe", "contact edit Zoe --phone '+1 555 0102'", "contact remove Zoe", "circles",
            "circle show Friends", "circle create Band", "circle edit Band --emoji 🎸", "circle add Band 'Ana Lima'",
            "circle remove Band 'Ana Lima'", "circle delete Band", "suggestions", "access", "access set bio Public ask",
            "access cycle bio Public", "access allow-all Family", "access reset", "access save", "access discard",
            "view-as 'Sam Kim'", "requests", "grants", "shadow create --type personal --name Dee",
            "shadow circles Dee Friends", "personas", "persona switch primary", "profile show",
            "profile edit --bio Hi", "shadow reveal Dee", "shadow delete Dee",
        ] {
            let run = await harness.run(line, json: true, yes: true)
            #expect(run.code == 0, "\(line): \(run.err)")
            #expect(run.out.hasSuffix("\n") && run.out.dropLast().split(separator: "\n").count == 1, "\(line)")
            #expect((try? parse(run.out)) != nil, "\(line)")
        }
    }

    @Test("completion offers circle, contact, field and persona names")
    func completion() async throws {
        let harness = try await Harness()
        try await harness.world()
        try await harness.setUp("circle create '📚 Books'", "shadow create --type anonymous --name 'Night Owl'")
        let values = await harness.plugin.completionValues()
        #expect(values["circle"] == ["Contacts", "Public", "Family", "Friends", "Colleagues", "📚 Books"])
        #expect(Set(values["contact"] ?? []) == ["Sam Kim", "Ana Lima", "Leo Park"])
        #expect(values["field"] == ["displayName", "username", "photo", "bio", "email", "phone"])
        #expect(values["persona"] == ["primary", "Dana Reyes", "Night Owl"])
        #expect(values["profile"] == values["persona"])
        let access = try #require(harness.registry.command(named: "access set"))
        #expect(access.arguments.map(\.completion) == ["field", "circle", nil])
        #expect(harness.registry.command(named: "circle add")?.arguments.map(\.completion) == ["circle", "contact"])
    }

    @Test("a script runs the commands line by line and stops at the first failure with its code")
    func script() async throws {
        let harness = try await Harness()
        let output = CapturedText()
        let errors = CapturedText()
        let shell = harness.shell(output: output, errors: errors)
        let script = """
            # set up
            contact add 'Ana Lima'
            circle create Band
            circle add Band 'Ana Lima'
            circle delete Band
            circles
            """
        let code = await shell.runScript(ScriptLines(text: script), defaults: Shell.Defaults(), keepGoing: false)
        #expect(code == 1)
        #expect(errors.text == "error: line 5: This needs confirmation: run it again with --yes.\n")
        #expect(output.text.contains("Band now has 1 member."))
        #expect(!output.text.contains("Circles\n"))
    }
}

extension Harness {
    /// Everything the owner can list, as JSON text, to check that a refused command changed nothing.
    func snapshot() async -> String {
        var text = ""
        for line in ["contacts", "circles", "personas", "profile show Dee", "access"] {
            text += await run(line, json: true).out
        }
        return text
    }
}
