import Console
import Testing

private struct TestPlugin: Plugin {
    let name: String
    let commands: [Command]
}

private func command(_ path: String, arguments: [Argument] = [], options: [Option] = []) -> Command {
    Command(path, summary: "does \(path)", arguments: arguments, options: options) { _, _ in .message(path) }
}

@Suite("Command registry")
struct RegistryTests {
    /// `member [NAME]`, `member guardian add MEMBER EMAIL`, `member add NAME`, `circle`, `circle add NAME`, `help`.
    private func registry() throws -> CommandRegistry {
        var registry = CommandRegistry()
        try registry.register(command("member", arguments: [Argument("NAME", count: .optional)]), feature: "members")
        try registry.register(
            command("member guardian add", arguments: [Argument("MEMBER"), Argument("EMAIL")]), feature: "members")
        try registry.register(
            command("member add", arguments: [Argument("NAME")], options: [Option("avatar", value: "KEY")]),
            feature: "members")
        try registry.register(command("circle"), feature: "circles")
        try registry.register(command("circle add", arguments: [Argument("NAME")]), feature: "circles")
        try registry.register(command("help", arguments: [Argument("COMMAND", count: .optional)]), feature: "kith")
        return registry
    }

    @Test("a second command with the same name is refused")
    func duplicateRefused() throws {
        var registry = CommandRegistry()
        try registry.register(command("member add"), feature: "identity")
        #expect(throws: UsageError("The features identity and other both register the command `member add`")) {
            try registry.register(command("member  add"), feature: "other")
        }
        #expect(registry.commands.map(\.name) == ["member add"])
    }

    @Test("plugins that both register a command are refused at start")
    func duplicateAcrossPlugins() {
        let first = TestPlugin(name: "identity", commands: [command("status"), command("member add")])
        let second = TestPlugin(name: "codes", commands: [command("code create"), command("status")])
        #expect(throws: UsageError("The features identity and codes both register the command `status`")) {
            try CommandRegistry(plugins: [first, second])
        }
    }

    @Test("plugins register in order, each command under its feature")
    func pluginsInOrder() throws {
        let registry = try CommandRegistry(plugins: [
            TestPlugin(name: "identity", commands: [command("signup"), command("member add")]),
            TestPlugin(name: "codes", commands: [command("code create")]),
        ])
        #expect(registry.entries.map(\.feature) == ["identity", "identity", "codes"])
        #expect(registry.commands.map(\.name) == ["signup", "member add", "code create"])
        #expect(registry.command(named: "member add")?.path == ["member", "add"])
        #expect(registry.command(named: "member") == nil)
        #expect(registry.topLevelNames == ["code", "member", "signup"])
    }

    @Test(
        "the longest registered path wins",
        arguments: [
            (["member", "guardian", "add", "Ana", "a@b.c"], "member guardian add", ["Ana", "a@b.c"]),
            (["member", "add", "Ana"], "member add", ["Ana"]),
            (["member", "Ana"], "member", ["Ana"]),
            (["member"], "member", []),
            (["member", "guardian"], "member", ["guardian"]),
        ])
    func longestMatch(words: [String], name: String, rest: [String]) throws {
        let match = try #require(try registry().match(words))
        #expect(match.command.name == name)
        #expect(match.rest == rest)
    }

    @Test("resolve parses the arguments of the longest match")
    func resolveLongest() throws {
        let (command, arguments) = try registry().resolve(["member", "guardian", "add", "Ana", "ana@example.com"])
        #expect(command.name == "member guardian add")
        #expect(arguments.argument("MEMBER") == "Ana")
        #expect(arguments.argument("EMAIL") == "ana@example.com")
        let (member, memberArguments) = try registry().resolve(["member", "guardian"])
        #expect(member.name == "member")
        #expect(memberArguments.optionalArgument("NAME") == "guardian")
    }

    @Test("an unknown command is a usage error")
    func unknownCommand() throws {
        let registry = try registry()
        #expect(registry.match(["nosuch"]) == nil)
        #expect(throws: UsageError("Unknown command `nosuch`: try `help`")) { try registry.resolve(["nosuch", "x"]) }
        #expect(throws: UsageError("No command given: try `help`")) { try registry.resolve([]) }
    }

    @Test("a group word alone is a usage error naming its sub-commands")
    func groupWordAlone() throws {
        var registry = CommandRegistry()
        try registry.register(command("member add", arguments: [Argument("NAME")]), feature: "members")
        try registry.register(command("member list"), feature: "members")
        try registry.register(command("member guardian add"), feature: "members")
        let error = try #require(throws: UsageError.self) { try registry.resolve(["member"]) }
        #expect(error.message.contains("`member` needs a sub-command"))
        for name in ["member add", "member list", "member guardian add"] {
            #expect(error.message.contains(name), "\(error.message) does not name \(name)")
        }
        #expect(throws: UsageError.self) { try registry.resolve(["member", "nosuch"]) }
    }

    @Test("an unknown word after a command that only has sub-commands names them")
    func unknownSubCommand() throws {
        #expect(throws: UsageError("Unknown sub-command `circle nosuch`: try add")) {
            try registry().resolve(["circle", "nosuch"])
        }
        #expect(try registry().resolve(["circle"]).command.name == "circle")
    }

    @Test("commands under a prefix")
    func commandsUnder() throws {
        let registry = try registry()
        #expect(registry.commands(under: ["member"]).map(\.name) == ["member guardian add", "member add"])
        #expect(registry.commands(under: ["member", "guardian"]).map(\.name) == ["member guardian add"])
        #expect(registry.commands(under: ["nosuch"]).isEmpty)
        #expect(registry.commands(under: []).count == registry.commands.count)
    }

    // MARK: - Completion

    @Test(
        "completions for the last word of a partial line",
        arguments: [
            ("he", ["help"]),
            ("", ["circle", "help", "member"]),
            ("m", ["member"]),
            ("member ", ["add", "guardian"]),
            ("member\t", ["add", "guardian"]),
            ("member g", ["guardian"]),
            ("member guardian ", ["add"]),
            ("member add --", ["--avatar"]),
            ("member add --av", ["--avatar"]),
            ("member add --x", []),
            ("nosuch ", []),
            ("zz", []),
            ("member 'unbalanced", []),
        ])
    func completions(line: String, expected: [String]) throws {
        #expect(try registry().completions(forLine: line) == expected)
    }

    @Test("option completions are sorted")
    func optionCompletionsSorted() throws {
        var registry = CommandRegistry()
        let options = [Option("role", value: "ROLE"), Option("avatar", value: "KEY"), Option("guardian")]
        try registry.register(command("member add", options: options), feature: "members")
        #expect(registry.completions(forLine: "member add Ana --") == ["--avatar", "--guardian", "--role"])
    }
}
