import Console

/// kith's own commands: `status`, `version`, `completion`, `quit` and `exit` (`help` is added once every command is known).
struct KithPlugin: Plugin {
    static let name = "kith"

    let commands: [Command]
    var name: String { Self.name }

    init(environment: AppEnvironment) {
        commands =
            [StatusCommand.command(environment: environment), VersionCommand.command, CompletionCommand.command]
            + BuiltinCommands.session
    }

    private init(commands: [Command]) {
        self.commands = commands
    }

    /// What runs without opening the database, so it works (and creates nothing) whatever the file.
    static let withoutDatabase = KithPlugin(commands: [VersionCommand.command, CompletionCommand.command])
}
