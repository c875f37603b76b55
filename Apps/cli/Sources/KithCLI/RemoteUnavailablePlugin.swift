import Circles
import CirclesCommands
import Console
import Identity

/// A feature's commands, kept by name, usage and help, that all refuse with one sentence: what the `all` and
/// `rin` products offer for Circles with `--remote`, until the server serves Circles.
struct RemoteUnavailablePlugin: Plugin {
    let name: String
    let commands: [Command]

    /// The sentence every Circles command answers with `--remote`.
    static let circlesMessage = "Circles is not available with --remote yet"

    /// Circles' commands, refusing. The plugin is built over an empty in-memory service only to borrow the
    /// commands' names, arguments and help; no handler of it ever runs.
    static func circles(principals: any PrincipalSource) -> RemoteUnavailablePlugin {
        let shape = CirclesPlugin(
            service: LocalCirclesService(store: InMemoryCirclesStore(identity: InMemoryIdentityStore())),
            principals: principals)
        return RemoteUnavailablePlugin(name: shape.name, commands: shape.commands, message: circlesMessage)
    }

    init(name: String, commands: [Command], message: String) {
        self.name = name
        self.commands = commands.map { command in
            Command(
                command.name, summary: command.summary, arguments: command.arguments, options: command.options,
                details: command.details
            ) { _, _ in throw RemoteUnavailableError(description: message) }
        }
    }
}

/// A command of a feature that is not served over HTTP yet.
struct RemoteUnavailableError: Error, CustomStringConvertible {
    let description: String
}
