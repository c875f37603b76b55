import Console
import Testing

private enum Theme: String, CaseIterable {
    case light
    case dark
}

@Suite("Argument parsing")
struct ArgumentParsingTests {
    private let memberAdd = Command(
        "member add", summary: "Add a member",
        arguments: [Argument("NAME", "the member's name")],
        options: [
            Option("avatar", value: "KEY", "an avatar key"),
            Option("guardian", "also a guardian"),
            Option("role", value: "ROLE", "their role", choices: ["Adult", "Child"]),
        ]
    ) { _, _ in .message("") }

    private func parse(_ line: String, _ command: Command? = nil) throws -> ParsedArguments {
        var registry = CommandRegistry()
        try registry.register(command ?? memberAdd, feature: "test")
        let words = try Tokenizer.tokenize(line)
        let (_, arguments) = try registry.resolve(words)
        return arguments
    }

    private func parseError(_ line: String, _ command: Command? = nil) throws -> UsageError {
        try #require(throws: UsageError.self) { try parse(line, command) }
    }

    private func command(_ path: String, _ arguments: [Argument]) -> Command {
        Command(path, summary: "", arguments: arguments) { _, _ in .message("") }
    }

    // MARK: - Options

    @Test("an option's value as the next word or after =", arguments: ["--avatar cat", "--avatar=cat"])
    func optionValue(form: String) throws {
        let parsed = try parse("member add Ana \(form)")
        #expect(parsed.option("avatar") == "cat")
        #expect(parsed.argument("NAME") == "Ana")
        #expect(!parsed.flag("guardian"))
    }

    @Test("options may come before the arguments, and values may hold = or be empty")
    func optionPlacement() throws {
        #expect(try parse("member add --avatar cat Ana").argument("NAME") == "Ana")
        #expect(try parse("member add Ana --avatar=a=b").option("avatar") == "a=b")
        #expect(try parse("member add Ana --avatar=").option("avatar") == "")
        #expect(try parse("member add Ana --avatar ''").option("avatar") == "")
        #expect(try parse("member add Ana").option("avatar") == nil)
    }

    @Test("the last of a repeated option wins")
    func repeatedOption() throws {
        #expect(try parse("member add Ana --avatar cat --avatar=dog").option("avatar") == "dog")
    }

    @Test("flags")
    func flags() throws {
        let parsed = try parse("member add --guardian Ana")
        #expect(parsed.flag("guardian"))
        #expect(parsed.option("avatar") == nil)
        #expect(try parse("member add Ana --guardian --guardian").flag("guardian"))
    }

    @Test("an unknown option is a usage error that points to help")
    func unknownOption() throws {
        let error = try parseError("member add Ana --nope")
        #expect(error == UsageError("Unknown option --nope for `member add`: see `help member add`"))
    }

    @Test("an option without its value is a usage error")
    func missingValue() throws {
        #expect(try parseError("member add Ana --avatar") == UsageError("--avatar needs a value (KEY)"))
    }

    @Test("a flag given a value is a usage error")
    func flagWithValue() throws {
        #expect(try parseError("member add Ana --guardian=yes") == UsageError("--guardian takes no value"))
    }

    @Test("-- ends options; - and single-dash words are arguments")
    func endOfOptions() throws {
        #expect(try parse("member add -- --guardian").argument("NAME") == "--guardian")
        #expect(!(try parse("member add -- --guardian").flag("guardian")))
        #expect(try parse("member add --avatar cat -- --avatar").argument("NAME") == "--avatar")
        #expect(try parse("member add -").argument("NAME") == "-")
        #expect(try parse("member add -5").argument("NAME") == "-5")
    }

    // MARK: - Choices

    @Test(
        "a choice matches case-insensitively and gives back the canonical spelling",
        arguments: ["child", "CHILD", "Child", "cHiLd"])
    func optionChoice(given: String) throws {
        #expect(try parse("member add Ana --role \(given)").option("role") == "Child")
        #expect(try parse("member add Ana --role=\(given)").option("role") == "Child")
    }

    @Test("a value that is not one of the choices is a usage error")
    func wrongChoice() throws {
        #expect(
            try parseError("member add Ana --role teen") == UsageError("--role must be one of Adult, Child, not teen"))
        let theme = command("theme set", [Argument("MODE", choices: ["light", "dark"])])
        #expect(try parse("theme set DARK", theme).argument("MODE") == "dark")
        #expect(try parseError("theme set blue", theme) == UsageError("MODE must be one of light, dark, not blue"))
    }

    @Test("choice() parses a CaseIterable type case-insensitively")
    func typedChoice() throws {
        let parsed = try parse("member add Ana")
        #expect(try parsed.choice("DARK", as: Theme.self, label: "--theme") == .dark)
        #expect(try parsed.choice(nil, as: Theme.self, label: "--theme") == nil)
        #expect(throws: UsageError("--theme must be one of light, dark, not blue")) {
            try parsed.choice("blue", as: Theme.self, label: "--theme")
        }
    }

    // MARK: - Positional arguments

    @Test("an optional argument may be left out")
    func optionalArgument() throws {
        let greet = command("greet", [Argument("NAME", count: .optional)])
        #expect(try parse("greet", greet).optionalArgument("NAME") == nil)
        #expect(try parse("greet Ana", greet).optionalArgument("NAME") == "Ana")
        #expect(try parseError("greet Ana Bo", greet).message.contains("Unexpected argument `Bo`"))
    }

    @Test("an optional argument before a required one only takes a word when there is one to spare")
    func optionalBeforeRequired() throws {
        let name = command("name", [Argument("FIRST", count: .optional), Argument("LAST")])
        let one = try parse("name Lee", name)
        #expect(one.optionalArgument("FIRST") == nil)
        #expect(one.argument("LAST") == "Lee")
        let two = try parse("name Bruce Lee", name)
        #expect(two.optionalArgument("FIRST") == "Bruce")
        #expect(two.argument("LAST") == "Lee")
    }

    @Test("a many argument takes one or more words, leaving what later arguments need")
    func manyArguments() throws {
        let echo = command("echo", [Argument("WORDS", count: .many)])
        #expect(try parse("echo a b 'c d'", echo).arguments("WORDS") == ["a", "b", "c d"])
        #expect(try parse("echo a", echo).arguments("WORDS") == ["a"])
        #expect(try parseError("echo", echo).message.contains("needs at least one WORDS"))

        let copy = command("copy", [Argument("SOURCES", count: .many), Argument("DEST")])
        let parsed = try parse("copy a b c", copy)
        #expect(parsed.arguments("SOURCES") == ["a", "b"])
        #expect(parsed.argument("DEST") == "c")
        #expect(try parseError("copy a", copy).message.contains("needs at least one SOURCES"))
    }

    @Test("a zeroOrMore argument takes every spare word, or none")
    func zeroOrMoreArguments() throws {
        let help = command("help", [Argument("COMMAND", count: .zeroOrMore)])
        #expect(try parse("help", help).arguments("COMMAND") == [])
        #expect(try parse("help member guardian add", help).arguments("COMMAND") == ["member", "guardian", "add"])
        #expect(help.usage == "help [COMMAND...]")

        let tag = command("tag", [Argument("NAMES", count: .zeroOrMore), Argument("TARGET")])
        let one = try parse("tag photo", tag)
        #expect(one.arguments("NAMES") == [])
        #expect(one.argument("TARGET") == "photo")
        let three = try parse("tag a b photo", tag)
        #expect(three.arguments("NAMES") == ["a", "b"])
        #expect(three.argument("TARGET") == "photo")
        #expect(try parseError("tag", tag).message.contains("needs TARGET"))
    }

    @Test("too many arguments is a usage error naming the extra word and the usage")
    func tooMany() throws {
        let error = try parseError("member add Ana Bo")
        #expect(
            error
                == UsageError(
                    "Unexpected argument `Bo` for `member add`: member add NAME [--avatar KEY] [--guardian] [--role Adult|Child]"
                ))
    }

    @Test("too few arguments is a usage error naming what is missing")
    func tooFew() throws {
        let error = try parseError("member add --guardian")
        #expect(error.message.hasPrefix("`member add` needs NAME: member add NAME"))
        let guardian = command("member guardian add", [Argument("MEMBER"), Argument("EMAIL")])
        #expect(try parseError("member guardian add Ana", guardian).message.contains("needs EMAIL"))
    }

    // MARK: - Usage lines

    @Test("usage lines show arguments and options")
    func usageLines() {
        #expect(memberAdd.usage == "member add NAME [--avatar KEY] [--guardian] [--role Adult|Child]")
        let mixed = command(
            "x", [Argument("A"), Argument("B", count: .optional), Argument("C", count: .many, choices: ["p", "q"])])
        #expect(mixed.usage == "x A [B] p|q...")
        #expect(memberAdd.name == "member add")
        #expect(memberAdd.path == ["member", "add"])
        #expect(memberAdd.options[1].isFlag && !memberAdd.options[0].isFlag)
    }
}

@Suite("Required options")
struct RequiredOptionTests {
    let command = Command(
        "signup", summary: "Sign up", arguments: [Argument("EMAIL")],
        options: [
            Option("first", value: "NAME", required: true), Option("last", value: "NAME", required: true),
            Option("role", value: "ROLE"),
        ]
    ) { _, _ in .message("ok") }

    @Test("a missing required option is a usage error naming it; usage lines show it without brackets")
    func missing() throws {
        var registry = CommandRegistry()
        try registry.register(command, feature: "identity")
        #expect(command.usage == "signup EMAIL --first NAME --last NAME [--role ROLE]")
        #expect(command.shortUsage == "signup EMAIL --first NAME --last NAME")
        #expect(throws: UsageError("`signup` needs --last NAME: signup EMAIL --first NAME --last NAME [--role ROLE]")) {
            try registry.resolve(["signup", "a@b.c", "--first", "Ann"])
        }
        let (_, parsed) = try registry.resolve(["signup", "a@b.c", "--last=Lee", "--first", "Ann"])
        #expect(parsed.option("first") == "Ann" && parsed.option("last") == "Lee")
    }

    @Test("a flag is never required")
    func flagsAreOptional() {
        #expect(!Option("all", required: true).isRequired)
    }
}
