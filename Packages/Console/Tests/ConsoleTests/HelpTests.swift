import Console
import Testing

@Suite("Help")
struct HelpTests {
    /// Like the app: kith's own commands first, then the features, then `help` under `kith`.
    private func harness() throws -> (shell: Shell, output: CapturedText, errors: CapturedText) {
        func command(
            _ path: String, _ summary: String, arguments: [Argument] = [], options: [Option] = [],
            details: String? = nil
        ) -> Command {
            Command(path, summary: summary, arguments: arguments, options: options, details: details) { _, _ in
                .message(path)
            }
        }
        var registry = CommandRegistry()
        let features: [(String, [Command])] = [
            ("kith", [command("status", "Who is signed in")] + BuiltinCommands.session),
            (
                "members",
                [
                    command(
                        "member add", "Add a managed member",
                        arguments: [Argument("NAME", "the member's display name")],
                        options: [Option("avatar", value: "KEY", "an avatar key"), Option("guardian", "also guard")],
                        details: "The member has no login; you become their guardian."),
                    command("member list", "List the household's members"),
                    command(
                        "member guardian add", "Add a guardian",
                        arguments: [Argument("MEMBER", "who is guarded"), Argument("EMAIL")]),
                ]
            ),
            ("codes", [command("code create", "Create a family code")]),
        ]
        for (feature, commands) in features {
            for command in commands { try registry.register(command, feature: feature) }
        }
        let help = BuiltinCommands.help(for: registry, title: "kith 1.0 (product all)", feature: "kith")
        try registry.register(help, feature: "kith")
        let output = CapturedText()
        let errors = CapturedText()
        let shell = Shell(
            registry: registry, output: output, errors: errors, interaction: NoInteraction(), environment: [:],
            outputIsTerminal: false, jsonEncoder: Fixtures.jsonEncoder())
        return (shell, output, errors)
    }

    /// Blocks of lines separated by blank lines.
    private func blocks(_ text: String) -> [[String]] {
        text.split(separator: "\n\n", omittingEmptySubsequences: true).map { lines(of: String($0)) }
    }

    /// What `line` prints, checking that it succeeds and writes no errors.
    private func successfulOutput(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> String
    {
        let (shell, output, errors) = try harness()
        #expect(await shell.run(line: line, defaults: .init()) == .success, sourceLocation: sourceLocation)
        #expect(errors.text == "", sourceLocation: sourceLocation)
        return output.text
    }

    @Test("help lists every registered command, grouped by feature")
    func overview() async throws {
        let text = try await successfulOutput("help")
        let sections = blocks(text)
        try #require(sections.count == 5, "\(sections)")
        #expect(sections[0] == ["kith 1.0 (product all)"])
        #expect(sections.map { $0.first ?? "" }.dropFirst().dropLast() == ["kith", "members", "codes"])
        #expect(sections[4].first == "global flags")
        #expect(sections[4].dropFirst().map { $0.split(separator: " ").first } == ["--json", "--yes"])

        let expected = [
            "kith": ["status", "quit", "exit", "help [COMMAND"],
            "members": [
                // The overview leaves optional options to `help COMMAND`.
                "member add NAME  ", "member list", "member guardian add MEMBER EMAIL",
            ],
            "codes": ["code create"],
        ]
        for section in sections[1...3] {
            let feature = section[0]
            let names = try #require(expected[feature])
            #expect(section.count == names.count + 1, "\(section)")
            for (line, name) in zip(section.dropFirst(), names) {
                #expect(line.hasPrefix("  " + name), "\(line) is not \(name)")
            }
        }
        #expect(text.components(separatedBy: "help [COMMAND").count == 2, "help is listed more than once")
    }

    @Test("help --json describes every command")
    func overviewJSON() async throws {
        let (shell, output, _) = try harness()
        #expect(await shell.run(line: "help --json", defaults: .init()) == .success)
        let value = try #require(try parseJSON(output.text) as? [[String: String]])
        let names = value.map { $0["command"] ?? "" }
        for name in ["status", "quit", "exit", "member add", "member list", "member guardian add", "code create"] {
            #expect(names.contains(name), "help --json does not list \(name)")
        }
        let add = try #require(value.first { $0["command"] == "member add" })
        #expect(add["usage"] == "member add NAME [--avatar KEY] [--guardian]")
        #expect(add["summary"] == "Add a managed member")
    }

    @Test("help GROUP lists that group's commands only")
    func group() async throws {
        let text = try await successfulOutput("help member")
        let shown = lines(of: text)
        #expect(shown.first == "member commands:")
        #expect(shown.count == 4)
        #expect(shown.contains { $0.hasPrefix("  member add NAME") && $0.hasSuffix("Add a managed member") })
        #expect(shown.contains { $0.hasPrefix("  member list") })
        #expect(shown.contains { $0.hasPrefix("  member guardian add MEMBER EMAIL") })
        #expect(!text.contains("code create") && !text.contains("status"))
    }

    @Test("help COMMAND --json describes that command")
    func detailJSON() async throws {
        let (shell, output, _) = try harness()
        #expect(await shell.run(line: "help member add --json", defaults: .init()) == .success)
        let value = try #require(try parseJSON(output.text) as? [String: String])
        #expect(value["command"] == "member add")
        #expect(value["usage"] == "member add NAME [--avatar KEY] [--guardian]")
    }

    @Test(
        "help COMMAND shows usage, details, arguments and options", arguments: ["help member add", "help 'member add'"])
    func detail(line: String) async throws {
        let shown = lines(of: try await successfulOutput(line))
        #expect(shown.first == "usage: member add NAME [--avatar KEY] [--guardian]")
        #expect(shown.contains("Add a managed member"))
        #expect(shown.contains("The member has no login; you become their guardian."))
        let arguments = try #require(shown.firstIndex(of: "arguments:"))
        #expect(shown[arguments + 1].hasPrefix("  NAME") && shown[arguments + 1].hasSuffix("the member's display name"))
        let options = try #require(shown.firstIndex(of: "options:"))
        #expect(shown[options + 1].hasPrefix("  --avatar KEY") && shown[options + 1].hasSuffix("an avatar key"))
        #expect(shown[options + 2].hasPrefix("  --guardian") && shown[options + 2].hasSuffix("also guard"))
        #expect(!shown.contains("sub-commands:"))
    }

    @Test("help for a three-word command, and arguments without help are not listed")
    func deepDetail() async throws {
        let (shell, output, _) = try harness()
        #expect(await shell.run(line: "help member guardian add", defaults: .init()) == .success)
        let shown = lines(of: output.text)
        #expect(shown.first == "usage: member guardian add MEMBER EMAIL")
        #expect(shown.contains { $0.hasPrefix("  MEMBER") })
        #expect(!shown.contains { $0.hasPrefix("  EMAIL") })
        #expect(!shown.contains("options:"))
    }

    @Test("help help describes help itself, the command the registry it lists does not hold")
    func helpOnHelp() async throws {
        let shown = lines(of: try await successfulOutput("help help"))
        #expect(shown.first == "usage: help [COMMAND...]")
        #expect(shown.contains("List commands, or show how to use one"))
        #expect(shown.contains { $0.hasPrefix("  COMMAND") && $0.contains("a command, or the first words of several") })
    }

    @Test(
        "help for an unknown command is a usage error; command words are case-sensitive",
        arguments: ["help nosuch", "help member nosuch", "help MEMBER"])
    func unknown(line: String) async throws {
        let (shell, output, errors) = try harness()
        let outcome = await shell.run(line: line, defaults: .init())
        #expect(outcome.exitCode == 2)
        #expect(output.text == "")
        let name = line.dropFirst("help ".count)
        #expect(errors.text == "error: No command named `\(name)`: try `help`\n")
    }
}
