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
        var table = Table(headers: [], wrapped: [1])
        for command in group { table.append(["  " + command.shortUsage, command.summary]) }
        let text = style.bold(words.joined(separator: " ")) + " commands:\n" + table.render(style: style)
        return .value(group.map { HelpJSON($0) }, text: text)
    }

    private func overview(style: Style) -> CommandOutput {
        var sections: [String] = [style.bold(title)]
        var features: [String] = []
        for entry in registry.entries where !features.contains(entry.feature) { features.append(entry.feature) }
        if !features.contains(helpFeature) { features.append(helpFeature) }
        for feature in features {
            var table = Table(headers: [], wrapped: [1])
            for entry in registry.entries where entry.feature == feature {
                table.append(["  " + entry.command.shortUsage, entry.command.summary])
            }
            if feature == helpFeature { table.append(["  " + help.shortUsage, help.summary]) }
            sections.append("\n" + style.accent(feature) + "\n" + table.render(style: style))
        }
        var flags = Table(headers: [], wrapped: [1])
        for option in globalFlags { flags.append(["  " + option.usage, option.help]) }
        sections.append("\n" + style.accent("global flags") + "\n" + flags.render(style: style))
        if !environment.isEmpty {
            var variables = Table(headers: [], wrapped: [1])
            for variable in environment { variables.append(["  " + variable.name, variable.help]) }
            sections.append("\n" + style.accent("environment") + "\n" + variables.render(style: style))
        }
        return .value(registry.commands.map { HelpJSON($0) }, text: sections.joined(separator: "\n"))
    }

    private func detail(_ command: Command, style: Style) -> CommandOutput {
        var lines = [
            Table.paragraph("usage: " + style.bold(command.usage), style: style, hangingIndent: 7), "",
            Table.paragraph(command.summary, style: style),
        ]
        if let details = command.details { lines += ["", Table.paragraph(details, style: style)] }
        let described = command.arguments.filter { !$0.help.isEmpty }
        if !described.isEmpty {
            lines += ["", "arguments:"]
            var table = Table(headers: [], wrapped: [1])
            for argument in described { table.append(["  " + argument.name, argument.help]) }
            lines.append(table.render(style: style))
        }
        if !command.options.isEmpty {
            lines += ["", "options:"]
            var table = Table(headers: [], wrapped: [1])
            for option in command.options { table.append(["  " + option.usage, option.help]) }
            lines.append(table.render(style: style))
        }
        let children = registry.commands(under: command.path)
        if !children.isEmpty {
            lines += ["", "sub-commands:"]
            var table = Table(headers: [], wrapped: [1])
            for child in children { table.append(["  " + child.shortUsage, child.summary]) }
            lines.append(table.render(style: style))
        }
        return .value(HelpJSON(command), text: lines.joined(separator: "\n"))
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
