/// Refusals that come from the console itself rather than from a feature.
public enum ConsoleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A command that needs a yes was run without a terminal and without `--yes`.
    case confirmationRequired
    /// The person answered no.
    case cancelled
    /// A secret was needed and there was no terminal to ask on.
    case secretRequired(String)
    /// A file the command was to write (`--output`) could not be written.
    case cannotWrite(String)

    public var description: String {
        switch self {
        case .confirmationRequired: "This needs confirmation: run it again with --yes."
        case .cancelled: "Cancelled: nothing changed."
        case .secretRequired(let what): what
        case .cannotWrite(let path): "Could not write \(path)"
        }
    }
}
