/// Parses the words after a command's name into its arguments and options.
enum ArgumentParser {
    static func parse(_ words: [String], for command: Command) throws(UsageError) -> ParsedArguments {
        var options: [String: [String]] = [:]
        var positionalWords: [String] = []
        var index = 0
        var optionsEnded = false

        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !word.hasPrefix("--") || word == "-" {
                positionalWords.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            let body = word.dropFirst(2)
            let (name, inlineValue) = splitOption(body)
            guard let option = command.options.first(where: { $0.name == name }) else {
                throw UsageError("Unknown option --\(name) for `\(command.name)`: see `help \(command.name)`")
            }
            if option.isFlag {
                if inlineValue != nil { throw UsageError("--\(name) takes no value") }
                options[name, default: []].append("")
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < words.count {
                value = words[index]
                index += 1
            } else {
                throw UsageError("--\(name) needs a value (\(option.valueName ?? "VALUE"))")
            }
            options[name, default: []].append(try checkChoice(value, choices: option.choices, label: "--\(name)"))
        }
        let positionals = try assign(positionalWords, to: command)
        let missing = command.options.filter { $0.isRequired && options[$0.name] == nil }
        if !missing.isEmpty {
            let names = missing.map(\.usage).joined(separator: " and ")
            throw UsageError("`\(command.name)` needs \(names): \(command.usage)")
        }
        return ParsedArguments(positionals: positionals, options: options)
    }

    private static func splitOption(_ body: Substring) -> (String, String?) {
        guard let equals = body.firstIndex(of: "=") else { return (String(body), nil) }
        return (String(body[..<equals]), String(body[body.index(after: equals)...]))
    }

    private static func assign(_ words: [String], to command: Command) throws(UsageError) -> [String: [String]] {
        var values: [String: [String]] = [:]
        var remaining = words[...]
        for (position, argument) in command.arguments.enumerated() {
            let laterRequired = command.arguments[(position + 1)...].filter { $0.count == .one || $0.count == .many }
                .count
            switch argument.count {
            case .one:
                guard let word = remaining.popFirst() else {
                    throw UsageError("`\(command.name)` needs \(argument.name): \(command.usage)")
                }
                values[argument.name] = [try checkChoice(word, choices: argument.choices, label: argument.name)]
            case .optional:
                if remaining.count > laterRequired, let word = remaining.popFirst() {
                    values[argument.name] = [try checkChoice(word, choices: argument.choices, label: argument.name)]
                }
            case .many, .zeroOrMore:
                let take = max(remaining.count - laterRequired, 0)
                guard take > 0 || argument.count == .zeroOrMore else {
                    throw UsageError("`\(command.name)` needs at least one \(argument.name): \(command.usage)")
                }
                var taken: [String] = []
                for word in remaining.prefix(take) {
                    taken.append(try checkChoice(word, choices: argument.choices, label: argument.name))
                }
                values[argument.name] = taken
                remaining = remaining.dropFirst(take)
            }
        }
        if let extra = remaining.first {
            throw UsageError("Unexpected argument `\(extra)` for `\(command.name)`: \(command.usage)")
        }
        return values
    }

    /// The choice `value` names (case-insensitively), else a usage error naming `label` and the choices; any value
    /// when there are no choices.
    static func checkChoice(_ value: String, choices: [String], label: String) throws(UsageError) -> String {
        guard !choices.isEmpty else { return value }
        if let match = choices.first(where: { $0.lowercased() == value.lowercased() }) { return match }
        throw UsageError("\(label) must be one of \(choices.joined(separator: ", ")), not \(value)")
    }
}
