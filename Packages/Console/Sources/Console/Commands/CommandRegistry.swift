/// Every command an app offers, from its plugins; finds the command a line names and parses its arguments.
public struct CommandRegistry: Sendable {
    public struct Entry: Sendable {
        public let feature: String
        public let command: Command
    }

    public private(set) var entries: [Entry] = []
    private var byName: [String: Int] = [:]

    public init() {}

    /// Builds a registry from plugins; two commands with one name is a programming error reported at start.
    public init(plugins: [any Plugin]) throws(UsageError) {
        for plugin in plugins {
            for command in plugin.commands { try register(command, feature: plugin.name) }
        }
    }

    public mutating func register(_ command: Command, feature: String) throws(UsageError) {
        if let earlier = byName[command.name] {
            // A command that stands in for another of its name while a condition holds becomes one command with it.
            let existing = entries[earlier]
            if existing.command.standsInWhen != nil {
                entries[earlier] = Entry(feature: existing.feature, command: existing.command.standingIn(for: command))
                return
            }
            if command.standsInWhen != nil {
                entries[earlier] = Entry(feature: feature, command: command.standingIn(for: existing.command))
                return
            }
            throw UsageError(
                "The features \(entries[earlier].feature) and \(feature) both register the command `\(command.name)`")
        }
        byName[command.name] = entries.count
        entries.append(Entry(feature: feature, command: command))
    }

    public var commands: [Command] { entries.map(\.command) }

    public func command(named name: String) -> Command? { byName[name].map { entries[$0].command } }

    /// The names (first words) of every command, sorted.
    public var topLevelNames: [String] { Set(entries.map { $0.command.path[0] }).sorted() }

    /// The longest registered command that `words` starts with, and the words after it.
    public func match(_ words: [String]) -> (command: Command, rest: [String])? {
        for length in stride(from: words.count, through: 1, by: -1) {
            if let command = command(named: words[..<length].joined(separator: " ")) {
                return (command, Array(words[length...]))
            }
        }
        return nil
    }

    /// The commands whose path starts with `prefix`, one level or more below it.
    public func commands(under prefix: [String]) -> [Command] {
        commands.filter { $0.path.count > prefix.count && Array($0.path.prefix(prefix.count)) == prefix }
    }

    /// Whether `words` (global flags already removed) name a registered command: false when `resolve` would refuse
    /// them as an unknown command or sub-command, whatever their arguments.
    public func namesCommand(_ words: [String]) -> Bool {
        guard let (command, rest) = match(words) else { return false }
        return unknownSubcommand(of: command, in: rest) == nil
    }

    /// The word after `command` that names a sub-command it does not have: `command` takes no arguments but has
    /// sub-commands, and `rest` starts with a word that is not an option. The sub-commands come with it.
    private func unknownSubcommand(of command: Command, in rest: [String]) -> (word: String, children: [Command])? {
        guard let word = rest.first, !word.hasPrefix("-"), command.arguments.isEmpty else { return nil }
        let children = commands(under: command.path).filter { $0.path.count == command.path.count + 1 }
        return children.isEmpty ? nil : (word, children)
    }

    /// Finds and parses a command line (global flags already removed).
    public func resolve(_ words: [String]) throws(UsageError) -> (command: Command, arguments: ParsedArguments) {
        guard let first = words.first else { throw UsageError("No command given: try `help`") }
        guard let (command, rest) = match(words) else {
            let group = commands(under: [first])
            if !group.isEmpty {
                let names = group.map { $0.path.joined(separator: " ") }.joined(separator: ", ")
                throw UsageError("`\(first)` needs a sub-command: \(names)")
            }
            throw UsageError("Unknown command `\(first)`: try `help`")
        }
        do {
            return (command, try ArgumentParser.parse(rest, for: command))
        } catch {
            guard let (word, children) = unknownSubcommand(of: command, in: rest) else { throw error }
            let names = children.map { $0.path.last! }.joined(separator: ", ")
            throw UsageError("Unknown sub-command `\(command.name) \(word)`: try \(names)")
        }
    }

    /// Completions for the last word of a partial line: command words, option names, then argument and
    /// option values (their choices, or the live `values` under the key they name), quoted for the line.
    public func completions(forLine line: String, values: [String: [String]] = [:]) -> [String] {
        let endsWithSpace = line.last.map { $0 == " " || $0 == "\t" } ?? true
        guard var words = try? Tokenizer.tokenize(line) else { return [] }
        let partial = endsWithSpace ? "" : (words.popLast() ?? "")
        return completions(after: words, partial: partial, values: values).map(Tokenizer.quote)
    }

    /// What may replace `partial` after the whole `words` of a command line (global flags removed), as plain
    /// words: sub-command words, option names when `partial` starts with `-`, then argument and option values.
    /// Values match `partial` case-insensitively.
    public func completions(after words: [String], partial: String, values: [String: [String]] = [:]) -> [String] {
        let matched = match(words)
        if partial.hasPrefix("-") {
            let options = matched?.command.options.map { "--" + $0.name } ?? []
            return options.filter { $0.hasPrefix(partial) }.sorted()
        }
        let subcommands = Set(commands(under: words).map { $0.path[words.count] }.filter { $0.hasPrefix(partial) })
        guard let (command, rest) = matched else { return subcommands.sorted() }
        let source = Self.valueSource(command, after: rest)
        let candidates = source.choices.isEmpty ? source.key.flatMap { values[$0] } ?? [] : source.choices
        let lowered = partial.lowercased()
        let offered = candidates.filter { $0.lowercased().hasPrefix(lowered) }
        return subcommands.sorted() + offered.sorted()
    }

    /// The set of live values (as plugins name them in `completionValues()`) that completion would offer
    /// after `words`, if any: so that a caller gathers them only when they are needed.
    public func completionKey(after words: [String]) -> String? {
        guard let (command, rest) = match(words) else { return nil }
        let source = Self.valueSource(command, after: rest)
        return source.choices.isEmpty ? source.key : nil
    }

    /// What may stand at the next position after `rest`: an option's value, or the next positional argument's,
    /// as its fixed choices or the key of its live values.
    private static func valueSource(_ command: Command, after rest: [String]) -> (choices: [String], key: String?) {
        func option(_ word: String) -> Option? { command.options.first { "--" + $0.name == word } }
        if let last = rest.last, let option = option(last), !option.isFlag {
            return (option.choices, option.completion)
        }
        var positionals = 0
        var index = 0
        while index < rest.count {
            if let option = option(rest[index]) {
                index += option.isFlag ? 1 : 2
                continue
            }
            positionals += 1
            index += 1
        }
        var position = 0
        for argument in command.arguments {
            if argument.count == .many || argument.count == .zeroOrMore || positionals <= position {
                return (argument.choices, argument.completion)
            }
            position += 1
        }
        return ([], nil)
    }
}
