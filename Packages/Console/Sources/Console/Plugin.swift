/// A feature's contribution to an app: a name and its commands. Plugins arrive by value, through initializers.
public protocol Plugin: Sendable {
    /// The feature's name, as `status` and `help` show it: `identity`, `familyCodes`, ...
    var name: String { get }
    var commands: [Command] { get }
}
