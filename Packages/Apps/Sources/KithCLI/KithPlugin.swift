import Console

/// The app's own commands: `status`, `version`, `completion`, `quit` and `exit` (`help` is added once every command is
/// known).
struct KithPlugin: Plugin {
    /// The app's name (`kith`, `movienight`): `help` lists these commands under it.
    let name: String
    let commands: [Command]

    init(app: KithApp, environment: AppEnvironment) {
        name = app.name
        commands =
            [
                StatusCommand.command(environment: environment), VersionCommand.command(app: app),
                CompletionCommand.command(program: app.name),
            ]
            + BuiltinCommands.session
    }

    private init(name: String, commands: [Command]) {
        self.name = name
        self.commands = commands
    }

    /// What runs without opening the database, so it works (and creates nothing) whatever the file.
    static func withoutDatabase(app: KithApp) -> KithPlugin {
        KithPlugin(
            name: app.name, commands: [VersionCommand.command(app: app), CompletionCommand.command(program: app.name)])
    }
}
