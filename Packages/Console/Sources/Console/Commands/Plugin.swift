/// A feature's contribution to an app: a name and its commands. Plugins arrive by value, through initializers.
public protocol Plugin: Sendable {
    /// The feature's name, as `status` and `help` show it: `identity`, `familyCodes`, ...
    var name: String { get }
    var commands: [Command] { get }
    /// Live values for tab completion, by the keys its arguments name.
    func completionValues() async -> [String: [String]]
}

extension Plugin {
    /// Live values for tab completion, by the keys its arguments name (`"circle": ["Family", ...]`).
    /// Asked again after every REPL command, so completion follows what the person just changed.
    public func completionValues() async -> [String: [String]] { [:] }
}
