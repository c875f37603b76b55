import Foundation

/// What a running command may use from the console: output mode, confirmations, secrets, style, warnings.
public struct CommandContext: Sendable {
    /// `--json` was given: the command's `CommandOutput.json` is what gets printed.
    public let json: Bool
    /// `--yes` was given: confirmations are answered yes without asking.
    public let assumeYes: Bool
    public let interaction: any Interaction
    public let style: Style
    public let environment: [String: String]
    /// Whether the command may read standard input (`--password-file -`): only a one-shot command may,
    /// since a script or the REPL is reading it already.
    public let standardInputIsFree: Bool
    private let errors: any TextSink

    public init(
        json: Bool = false,
        assumeYes: Bool = false,
        interaction: any Interaction = NoInteraction(),
        style: Style = .plain,
        environment: [String: String] = [:],
        standardInputIsFree: Bool = false,
        errors: any TextSink
    ) {
        self.json = json
        self.assumeYes = assumeYes
        self.interaction = interaction
        self.style = style
        self.environment = environment
        self.standardInputIsFree = standardInputIsFree
        self.errors = errors
    }

    /// Asks `question` (y/N) unless `--yes`; throws when there is nobody to ask, or the answer is not yes.
    ///
    /// Call it before changing anything, so a refusal leaves the data as it was.
    public func confirm(_ question: String) throws(ConsoleError) {
        if assumeYes { return }
        guard interaction.canAsk else { throw .confirmationRequired }
        let answer = interaction.ask("\(question) [y/N] ")?.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard answer == "y" || answer == "yes" else { throw .cancelled }
    }

    /// Reads a secret without echo on a terminal; `nil` when there is no terminal to ask on.
    public func askSecret(_ prompt: String) -> String? {
        guard interaction.canAsk else { return nil }
        return interaction.askSecret(prompt)
    }

    /// Something the person must do while the command waits (open this address), on standard error: not part of
    /// the command's output, and not a warning.
    public func note(_ text: String) {
        errors.write(text + "\n")
    }

    /// A note for the person (on standard error), not part of the command's output.
    public func warn(_ text: String) {
        errors.write(style.warning("warning: ") + text + "\n")
    }
}
