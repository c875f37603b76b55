import Console

/// The app's own commands: `status`, `version`, `completion`, `quit` and `exit` (`help` is added once every command is
/// known).
struct KithPlugin: Plugin {
    static let name = "kith"

    let commands: [Command]
    var name: String { Self.name }

    init(app: KithApp, environment: AppEnvironment) {
        commands =
            [
                StatusCommand.command(environment: environment), VersionCommand.command(app: app),
                CompletionCommand.command(program: app.name),
            ]
            + BuiltinCommands.session
    }

    private init(commands: [Command]) {
        self.commands = commands
    }

    /// What runs without opening the database, so it works (and creates nothing) whatever the file.
    static func withoutDatabase(app: KithApp) -> KithPlugin {
        KithPlugin(commands: [VersionCommand.command(app: app), CompletionCommand.command(program: app.name)])
    }
}
