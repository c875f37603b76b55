/// What a successful command gives back: text for people, and the one JSON value `--json` prints.
public struct CommandOutput: Sendable {
    /// Human output; printed as is (a final newline is added when missing). Empty prints nothing.
    public var text: String
    /// The value `--json` prints. `nil` prints `{"message": text}` so that every command prints one value.
    public var json: (any Encodable & Sendable)?
    /// Whether the REPL or script ends after this output (`quit`, `exit`).
    public internal(set) var endsSession = false

    /// A sentence and nothing else.
    public static func message(_ text: String) -> CommandOutput { CommandOutput(text: text) }

    /// A value shown as `text` to people and as JSON with `--json`.
    public static func value(_ json: any Encodable & Sendable, text: String) -> CommandOutput {
        CommandOutput(text: text, json: json)
    }
}
