/// What reading one line at the prompt gave.
public enum LineInput: Equatable, Sendable {
    case line(String)
    /// Ctrl-C: the line was thrown away; ask again.
    case interrupted
    /// Ctrl-D on an empty line, or the end of input.
    case end
}

/// Reads lines at a prompt, with whatever editing and history the implementation offers.
public protocol LineEditor: AnyObject {
    func readLine(prompt: String) -> LineInput
    /// Adds an accepted line to the in-memory history (the shell decides what is worth keeping).
    func addToHistory(_ line: String)
}

/// Lines from a list, for REPL tests.
public final class ScriptedLineEditor: LineEditor {
    private var inputs: [LineInput]
    public private(set) var prompts: [String] = []
    public private(set) var history: [String] = []

    public init(_ inputs: [LineInput]) {
        self.inputs = inputs
    }

    public func readLine(prompt: String) -> LineInput {
        prompts.append(prompt)
        return inputs.isEmpty ? .end : inputs.removeFirst()
    }

    public func addToHistory(_ line: String) { history.append(line) }
}
