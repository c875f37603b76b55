/// One command of the registry: its words (`member guardian add`), what it takes, and what it does.
public struct Command: Sendable {
    public typealias Handler = @Sendable (ParsedArguments, CommandContext) async throws -> CommandOutput

    /// The words that name the command: `["member", "guardian", "add"]`.
    public let path: [String]
    public let summary: String
    public let arguments: [Argument]
    public let options: [Option]
    /// Longer help, printed by `help COMMAND` under the usage line.
    public let details: String?
    public let run: Handler
    /// Checked before `run`, so a command refused for who is calling says so before it asks anything.
    public private(set) var requirement: (@Sendable () async throws -> Void)?

    public init(
        _ path: String,
        summary: String,
        arguments: [Argument] = [],
        options: [Option] = [],
        details: String? = nil,
        run: @escaping Handler
    ) {
        self.path = path.split(separator: " ").map(String.init)
        self.summary = summary
        self.arguments = arguments
        self.options = options
        self.details = details
        self.run = run
    }

    public var name: String { path.joined(separator: " ") }

    /// This command, with `check` run before it: a refusal it throws comes before any prompt or confirmation.
    public func requiring(_ check: @escaping @Sendable () async throws -> Void) -> Command {
        var command = self
        command.requirement = check
        return command
    }

    /// When set, this command shares its name with another feature's command and runs instead of it while `condition`
    /// holds (CLI.md's `requests`: while acting, the member's approval requests; otherwise Circles' inbox). Without
    /// another command of its name it simply runs.
    public private(set) var standsInWhen: (@Sendable () async throws -> Bool)?

    /// This command, standing in for another feature's command of the same name while `condition` holds.
    public func standingIn(when condition: @escaping @Sendable () async throws -> Bool) -> Command {
        var command = self
        command.standsInWhen = condition
        return command
    }

    /// One command of `self`'s name that runs `self` (its requirement first) while its `standsInWhen` holds, and
    /// `other` otherwise: the arguments are `other`'s, the options both's.
    func standingIn(for other: Command) -> Command {
        let condition = standsInWhen ?? { false }
        let this = self
        let merged = other.options + options.filter { option in !other.options.contains { $0.name == option.name } }
        let both = [other.details, details].compactMap { $0 }
        return Command(
            other.name, summary: other.summary + "; " + summary, arguments: other.arguments, options: merged,
            details: both.isEmpty ? nil : both.joined(separator: "\n")
        ) { arguments, context in
            if try await condition() {
                try await this.requirement?()
                return try await this.run(arguments, context)
            }
            try await other.requirement?()
            return try await other.run(arguments, context)
        }
    }

    /// `member guardian add MEMBER EMAIL [--avatar KEY]`
    public var usage: String {
        var parts = [name]
        parts += arguments.map(\.usage)
        parts += options.map { $0.isRequired ? $0.usage : "[\($0.usage)]" }
        return parts.joined(separator: " ")
    }

    /// The usage without optional options, for lists of many commands: `signup EMAIL --first NAME --last NAME`.
    public var shortUsage: String {
        ([name] + arguments.map(\.usage) + options.filter(\.isRequired).map(\.usage)).joined(separator: " ")
    }
}

/// A positional argument.
public struct Argument: Sendable {
    public enum Count: Sendable {
        case one
        case optional
        /// One or more.
        case many
        /// Zero or more (`help member add`: the words of a command, or none).
        case zeroOrMore
    }

    /// Shown in upper case in usage lines: `MEMBER`.
    public let name: String
    public let help: String
    public let count: Count
    /// Accepted values (compared case-insensitively); empty accepts anything.
    public let choices: [String]
    /// Which set of live values tab completion offers here (`"circle"`, `"contact"`...), as plugins name them
    /// in `completionValues()`; choices are offered without one.
    public let completion: String?

    public init(
        _ name: String, _ help: String = "", count: Count = .one, choices: [String] = [], completion: String? = nil
    ) {
        self.name = name
        self.help = help
        self.count = count
        self.choices = choices
        self.completion = completion
    }

    var usage: String {
        let shown = choices.isEmpty ? name : choices.joined(separator: "|")
        switch count {
        case .one: return shown
        case .optional: return "[\(shown)]"
        case .many: return "\(shown)..."
        case .zeroOrMore: return "[\(shown)...]"
        }
    }
}

/// A `--kebab-case` option: a flag, or one that takes a value (`--first NAME` or `--first=NAME`).
public struct Option: Sendable {
    public let name: String
    /// `nil` for a flag.
    public let valueName: String?
    public let help: String
    public let choices: [String]
    /// A value option the command cannot run without; parsing refuses the line when it is missing.
    public let isRequired: Bool
    /// Which set of live values tab completion offers for the value (see `Argument.completion`).
    public let completion: String?

    public init(
        _ name: String, value valueName: String? = nil, _ help: String = "", choices: [String] = [],
        required isRequired: Bool = false, completion: String? = nil
    ) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.choices = choices
        self.isRequired = isRequired && valueName != nil
        self.completion = completion
    }

    public var isFlag: Bool { valueName == nil }

    var usage: String {
        guard let valueName else { return "--\(name)" }
        return "--\(name) " + (choices.isEmpty ? valueName : choices.joined(separator: "|"))
    }
}
