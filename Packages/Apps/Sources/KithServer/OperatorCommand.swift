import KithComposition

/// A command a feature brings for the server's operator (`kith-server apps add NAME`): run on the server's own
/// database (the same `--db` or `--database` as serving) with the composed services, instead of serving.
///
/// Kith's features and an outside product's bring them the same way (`ServerFeature(commands:)`); two features
/// bringing one name are refused when the app is made, naming both.
public struct OperatorCommand: Sendable {
    /// The first argument that chooses it (`apps`).
    public let name: String
    /// Its lines in `kith-server --help`, each starting with the name (`apps add NAME [--webhook-url URL] [--json]`).
    public let usage: [String]
    /// Runs it with the arguments after the name (the server's own flags taken out) over the composed services.
    public let run: @Sendable ([String], FeatureServices) async -> OperatorOutput

    public init(
        name: String, usage: [String], run: @escaping @Sendable ([String], FeatureServices) async -> OperatorOutput
    ) {
        self.name = name
        self.usage = usage
        self.run = run
    }
}

/// What an operator command says, and how the process exits: 0 with `text` on standard output; otherwise `text` is
/// the sentence for standard error, and 1 is a rule's refusal, 2 a usage error (the command's usage follows it).
public struct OperatorOutput: Sendable, Equatable {
    public var text: String
    public var exitCode: Int32

    public init(text: String, exitCode: Int32 = 0) {
        self.text = text
        self.exitCode = exitCode
    }

    /// A rule refused: exit 1.
    public static func refused(_ sentence: String) -> OperatorOutput { OperatorOutput(text: sentence, exitCode: 1) }

    /// The arguments do not say what to do: exit 2.
    public static func usage(_ sentence: String) -> OperatorOutput { OperatorOutput(text: sentence, exitCode: 2) }
}

/// The arguments after an operator command's name, split: the server's own flags (`--db FILE`, `--database=URL`,
/// `--sealing-key-file`...: any of `ServerArguments.flags`, with its value) as serving reads them, `--migrate`, and
/// the command's own arguments in their order.
struct OperatorArguments: Equatable {
    var server: [String] = []
    var command: [String] = []
    /// `--migrate`: apply pending migrations first instead of refusing.
    var migrate = false
    /// `--help` or `-h`: print the command's usage.
    var help = false

    init(_ arguments: [String]) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let name = String(argument.split(separator: "=", maxSplits: 1).first ?? "")
            if argument == "--migrate" {
                migrate = true
            } else if argument == "--help" || argument == "-h" {
                help = true
            } else if let flag = ServerArguments.flags.first(where: { $0.name == name }) {
                server.append(argument)
                // A flag's value follows it unless given as `--flag=value`; a missing one is the parser's to refuse.
                if flag.value != nil, !argument.contains("="), let value = remaining.popFirst() { server.append(value) }
            } else {
                command.append(argument)
            }
        }
    }
}
