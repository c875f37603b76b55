/// Commands every app built on the console has: `help`, `quit` and `exit`.
public enum BuiltinCommands {
    /// `quit` and `exit` end the REPL or script (exit 0).
    public static let session: [Command] = [
        Command("quit", summary: "Leave kith") { _, _ in .quit },
        Command("exit", summary: "Leave kith") { _, _ in .quit },
    ]

    /// `help [COMMAND...]`, generated from what `registry` holds when the help command is made (plus itself).
    ///
    /// `help` itself is listed under `feature`, the name it is registered with. The overview ends with the
    /// flags every command takes (`globalFlags`, after the shell's own `--json` and `--yes`) and the
    /// `environment` variables the app reads, by name.
    public static func help(
        for registry: CommandRegistry, title: String, feature: String, globalFlags: [Option] = [],
        environment: [(name: String, help: String)] = []
    ) -> Command {
        // The same command twice: the registered one renders help, this one is what `help help` describes
        // (a command's handler cannot refer to the command it belongs to).
        let itself = helpCommand { _, _ in .message("") }
        let text = HelpText(
            registry: registry, title: title, helpFeature: feature, help: itself,
            globalFlags: globalFlags + Shell.globalFlags, environment: environment)
        return helpCommand { arguments, context in
            try text.render(arguments.arguments("COMMAND"), style: context.style)
        }
    }

    private static func helpCommand(_ run: @escaping Command.Handler) -> Command {
        Command(
            "help", summary: "List commands, or show how to use one",
            arguments: [Argument("COMMAND", "a command, or the first words of several", count: .zeroOrMore)],
            details: "`help` lists every command; `help member` shows the member commands; "
                + "`help member add` shows one command in full.",
            run: run)
    }
}

/// The text of `help`, from the registry's commands.
struct HelpText {
    let registry: CommandRegistry
    let title: String
    let helpFeature: String
    /// The help command, which the registry it describes does not hold.
    let help: Command
    let globalFlags: [Option]
    let environment: [(name: String, help: String)]

    func render(_ words: [String], style: Style) throws(UsageError) -> CommandOutput {
        let words = words.flatMap { $0.split(separator: " ").map(String.init) }
        if words.isEmpty { return overview(style: style) }
        if let command = registry.command(named: words.joined(separator: " ")) ?? (words == ["help"] ? help : nil) {
            return detail(command, style: style)
        }
        let group = registry.commands(under: words)
        guard !group.isEmpty else {
            throw UsageError("No command named `\(words.joined(separator: " "))`: try `help`")
        }
        let text =
            style.bold(words.joined(separator: " ")) + " commands:\n"
            + Self.listing(group.map { ($0.shortUsage, $0.summary) }, style: style)
        return .value(group.map { HelpJSON($0) }, text: text)
    }

    private func overview(style: Style) -> CommandOutput {
        var sections: [String] = [style.bold(title)]
        var features: [String] = []
        for entry in registry.entries where !features.contains(entry.feature) { features.append(entry.feature) }
        if !features.contains(helpFeature) { features.append(helpFeature) }
        func section(_ heading: String, _ rows: [(String, String)]) {
            sections.append("\n" + style.accent(heading) + "\n" + Self.listing(rows, style: style))
        }
        for feature in features {
            let commands =
                registry.entries.filter { $0.feature == feature }.map(\.command)
                + (feature == helpFeature ? [help] : [])
            section(feature, commands.map { ($0.shortUsage, $0.summary) })
        }
        section("global flags", globalFlags.map { ($0.usage, $0.help) })
        if !environment.isEmpty { section("environment", environment.map { ($0.name, $0.help) }) }
        return .value(registry.commands.map { HelpJSON($0) }, text: sections.joined(separator: "\n"))
    }

    private func detail(_ command: Command, style: Style) -> CommandOutput {
        var lines = [
            Table.paragraph("usage: " + style.bold(command.usage), style: style, hangingIndent: 7), "",
            Table.paragraph(command.summary, style: style),
        ]
        if let details = command.details { lines += ["", Table.paragraph(details, style: style)] }
        for (heading, rows) in [
            ("arguments:", command.arguments.filter { !$0.help.isEmpty }.map { ($0.name, $0.help) }),
            ("options:", command.options.map { ($0.usage, $0.help) }),
            ("sub-commands:", registry.commands(under: command.path).map { ($0.shortUsage, $0.summary) }),
        ] where !rows.isEmpty {
            lines += ["", heading, Self.listing(rows, style: style)]
        }
        return .value(HelpJSON(command), text: lines.joined(separator: "\n"))
    }

    /// Rows of a name (indented two columns) and its description, wrapped to the style's width.
    private static func listing(_ rows: [(String, String)], style: Style) -> String {
        Table(headers: [], rows: rows.map { name, help in ["  " + name, help] }, wrapped: [1]).render(style: style)
    }
}

/// A command as `help --json` describes it.
struct HelpJSON: Encodable, Sendable {
    let command: String
    let usage: String
    let summary: String

    init(_ command: Command) {
        self.command = command.name
        self.usage = command.usage
        self.summary = command.summary
    }
}
