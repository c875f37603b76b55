/// The arguments and options of one command line, checked against the command's specification.
public struct ParsedArguments: Sendable {
    private let positionals: [String: [String]]
    private let options: [String: [String]]

    init(positionals: [String: [String]], options: [String: [String]]) {
        self.positionals = positionals
        self.options = options
    }

    /// A required positional argument (parsing already checked it is there).
    public func argument(_ name: String) -> String { positionals[name]?.first ?? "" }

    /// An optional positional argument.
    public func optionalArgument(_ name: String) -> String? { positionals[name]?.first }

    /// Every value of a `many` argument.
    public func arguments(_ name: String) -> [String] { positionals[name] ?? [] }

    /// The value of an option, the last one if given more than once.
    public func option(_ name: String) -> String? { options[name]?.last }

    /// Whether a flag was given.
    public func flag(_ name: String) -> Bool { options[name] != nil }

    /// Parses a `CaseIterable` raw-value type from an argument or option value, as a usage error if it is not one.
    public func choice<T: CaseIterable & RawRepresentable>(
        _ value: String?, as type: T.Type, label: String
    ) throws(UsageError) -> T? where T.RawValue == String {
        guard let value else { return nil }
        return T(rawValue: try ArgumentParser.checkChoice(value, choices: T.allCases.map(\.rawValue), label: label))
    }
}
