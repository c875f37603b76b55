import Console

/// kith's own commands: `status`, `version`, `quit` and `exit` (`help` is added once every command is known).
struct KithPlugin: Plugin {
    static let name = "kith"

    let commands: [Command]
    var name: String { Self.name }

    init(environment: AppEnvironment) {
        commands = [StatusCommand.command(environment: environment), VersionCommand.command] + BuiltinCommands.session
    }

    private init(commands: [Command]) {
        self.commands = commands
    }

    /// What can run before the database is opened.
    static let withoutDatabase = KithPlugin(commands: [VersionCommand.command])
}
