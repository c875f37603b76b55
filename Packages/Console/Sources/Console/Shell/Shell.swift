import Foundation

/// Runs command lines against a registry: one at a time, as a script, or as an interactive REPL.
///
/// One-shot arguments and REPL or script lines go through the same path: words, then `--json`/`--yes`
/// taken out wherever they stand, then the registry's parser.
public struct Shell: Sendable {
    /// Flags that hold for every line unless a line gives them itself.
    public struct Defaults: Sendable {
        public var json: Bool
        public var assumeYes: Bool
        /// True for a one-shot command: nothing else reads standard input.
        public var standardInputIsFree: Bool

        public init(json: Bool = false, assumeYes: Bool = false, standardInputIsFree: Bool = false) {
            self.json = json
            self.assumeYes = assumeYes
            self.standardInputIsFree = standardInputIsFree
        }
    }

    public let registry: CommandRegistry
    public let output: any TextSink
    public let errors: any TextSink
    public let interaction: any Interaction
    public let environment: [String: String]
    public let outputIsTerminal: Bool
    /// Writes `--json` values: the composition's JSON, since Console knows none of its own.
    public let jsonEncoder: JSONEncoder
    /// Flags that only make sense when starting kith (`--db`): named in the error when a line gives one.
    public let startOnlyFlags: Set<String>
    /// The palette for human output; it may follow whoever is active, so it is asked for on every line.
    public let palette: @Sendable () async -> Style.Palette
    /// The terminal's columns, asked for on every line since the window may be resized between commands;
    /// used only when the output is a terminal.
    public let terminalWidth: @Sendable () -> Int?

    public init(
        registry: CommandRegistry,
        output: any TextSink,
        errors: any TextSink,
        interaction: any Interaction,
        environment: [String: String],
        outputIsTerminal: Bool,
        jsonEncoder: JSONEncoder,
        startOnlyFlags: Set<String> = [],
        palette: @escaping @Sendable () async -> Style.Palette = { .dark },
        terminalWidth: @escaping @Sendable () -> Int? = { nil }
    ) {
        self.registry = registry
        self.output = output
        self.errors = errors
        self.interaction = interaction
        self.environment = environment
        self.outputIsTerminal = outputIsTerminal
        self.jsonEncoder = jsonEncoder
        self.startOnlyFlags = startOnlyFlags
        self.palette = palette
        self.terminalWidth = terminalWidth
    }

    /// How one command ended.
    public enum Outcome: Equatable, Sendable {
        case success
        /// The session should end (`quit`, `exit`).
        case quit
        case failed(code: Int32, message: String)

        public var exitCode: Int32 {
            switch self {
            case .success, .quit: 0
            case .failed(let code, _): code
            }
        }
    }

    /// The flags the shell takes out of every line itself, for help.
    public static let globalFlags = [
        Option("json", "print one JSON value per command (JSON Lines in a script)"),
        Option("yes", "answer yes to confirmations"),
    ]

    public static let refusedExitCode: Int32 = 1
    public static let usageExitCode: Int32 = 2

    // MARK: - One command

    /// Runs one command given as words; prints its output, but not its error (the caller knows the line number).
    public func run(_ words: [String], defaults: Defaults) async -> Outcome {
        var json = defaults.json
        var assumeYes = defaults.assumeYes
        var rest: [String] = []
        var optionsEnded = false
        for word in words {
            if optionsEnded {
                rest.append(word)
                continue
            }
            switch word {
            case "--": optionsEnded = true; rest.append(word)
            case "--json": json = true
            case "--yes": assumeYes = true
            default:
                let flag = String(word.prefix { $0 != "=" })
                if flag != word, flag == "--json" || flag == "--yes" {
                    return .failed(code: Self.usageExitCode, message: "\(flag) takes no value")
                }
                if startOnlyFlags.contains(flag) {
                    return .failed(
                        code: Self.usageExitCode, message: "\(flag) can only be given when starting kith")
                }
                rest.append(word)
            }
        }
        if rest.isEmpty { return .success }
        do {
            let (command, arguments) = try registry.resolve(rest)
            let style = Style.forOutput(
                isTerminal: outputIsTerminal, environment: environment, palette: await palette(),
                width: outputIsTerminal ? terminalWidth() : nil)
            let context = CommandContext(
                json: json, assumeYes: assumeYes, interaction: interaction, style: style,
                environment: environment, standardInputIsFree: defaults.standardInputIsFree, errors: errors)
            try await command.requirement?()
            let result = try await command.run(arguments, context)
            try print(result, json: json, width: style.width)
            return result.endsSession ? .quit : .success
        } catch let error as UsageError {
            return .failed(code: Self.usageExitCode, message: error.description)
        } catch {
            return .failed(code: Self.refusedExitCode, message: String(describing: error))
        }
    }

    /// Runs one line of text: tokenizes, runs, and prints `error: ...` (with `line N: ` when given).
    public func run(line: String, number: Int? = nil, defaults: Defaults) async -> Outcome {
        let outcome: Outcome
        do {
            outcome = await run(try Tokenizer.tokenize(line), defaults: defaults)
        } catch {
            outcome = .failed(code: Self.usageExitCode, message: error.description)
        }
        if case .failed(_, let message) = outcome { report(message, line: number) }
        return outcome
    }

    public func report(_ message: String, line: Int? = nil) {
        let style = Style.forOutput(isTerminal: outputIsTerminal, environment: environment)
        let location = line.map { "line \($0): " } ?? ""
        errors.write(style.failure("error:") + " " + location + message + "\n")
    }

    /// Prints the JSON value, or the text fitted to `width` (the terminal's; nil for a pipe or a file).
    private func print(_ result: CommandOutput, json: Bool, width: Int?) throws {
        if json {
            output.write(
                try JSONOutput.render(result.json ?? MessageJSON(message: result.text), with: jsonEncoder) + "\n")
        } else if !result.text.isEmpty {
            let text = width.map { Table.fit(result.text, width: $0) } ?? result.text
            output.write(text.hasSuffix("\n") ? text : text + "\n")
        }
    }

    // MARK: - Scripts

    /// Runs lines from a script: no prompt, no banner. Stops at the first failure with its exit code,
    /// or with `keepGoing` runs every line and exits 1 if any failed.
    public func runScript(_ lines: some Sequence<ScriptLine>, defaults: Defaults, keepGoing: Bool) async -> Int32 {
        var anyFailed = false
        for line in lines {
            let outcome: Outcome
            switch line.content {
            case .text(let text):
                outcome = await run(line: text, number: line.number, defaults: defaults)
            case .invalid(let problem):
                outcome = .failed(code: Self.usageExitCode, message: problem)
                report(problem, line: line.number)
            }
            switch outcome {
            case .success: continue
            case .quit: return anyFailed ? Self.refusedExitCode : 0
            case .failed(let code, _):
                if !keepGoing { return code }
                anyFailed = true
            }
        }
        return anyFailed ? Self.refusedExitCode : 0
    }

    // MARK: - REPL

    /// The interactive loop: prompt, edit, run, repeat, until `quit`, `exit` or Ctrl-D (exit 0).
    public func runREPL(
        editor: any LineEditor,
        history: History?,
        banner: String,
        prompt: @Sendable () async -> String,
        farewell: @Sendable () async -> String? = { nil },
        afterEachCommand: @Sendable () async -> Void = {},
        defaults: Defaults
    ) async -> Int32 {
        if !banner.isEmpty { output.write(banner + "\n") }
        await afterEachCommand()
        reading: while true {
            switch editor.readLine(prompt: await prompt()) {
            case .end:
                output.write("\n")
                break reading
            case .interrupted:
                continue
            case .line(let line):
                if line.utf8.count > ScriptLines.maximumLineBytes {
                    report(ScriptLines.tooLongMessage(line.utf8.count))
                    continue
                }
                if History.shouldRemember(line), namesCommand(line) {
                    editor.addToHistory(line)
                    history?.append(line)
                }
                if await run(line: line, defaults: defaults) == .quit { break reading }
                await afterEachCommand()
            }
        }
        if let note = await farewell() { errors.write(note + "\n") }
        return 0
    }
}

extension Shell {
    /// Whether a REPL line names a command this shell knows. A line that does not fails as an unknown command and is
    /// never remembered: it is most likely a password typed at the prompt when no prompt was asking for one. A line
    /// that cannot be split into words is judged by its first word.
    public func namesCommand(_ line: String) -> Bool {
        let words =
            (try? Tokenizer.tokenize(line))
            ?? line.split(whereSeparator: \.isWhitespace).prefix(1).map(String.init)
        // Only the shell's own flags may stand before the command; they are taken out wherever they stand.
        let command = words.filter { $0 != "--json" && $0 != "--yes" }
        return command.isEmpty || registry.namesCommand(command)
    }
}

extension CommandOutput {
    /// The output of `quit` and `exit`: it ends the REPL or script.
    public static let quit: CommandOutput = {
        var output = CommandOutput(text: "", json: MessageJSON(message: "bye"))
        output.endsSession = true
        return output
    }()
}
