import Console
import Foundation
import Synchronization

// MARK: - Errors and values the test commands use

/// A feature's refusal: the shell reports its description and exits with 1.
struct Refusal: Error, CustomStringConvertible {
    var description: String { "The family is full." }
}

struct MemberJSON: Codable, Sendable, Equatable {
    let name: String
    let avatar: String?
}

/// State a command changes, shared between the test and the command's handler.
final class Counter: Sendable {
    private let storage: Mutex<Int>

    init(_ value: Int = 0) {
        storage = Mutex(value)
    }

    var value: Int { storage.withLock { $0 } }

    func set(_ value: Int) { storage.withLock { $0 = value } }

    @discardableResult
    func increment() -> Int {
        storage.withLock { value in
            value += 1
            return value
        }
    }
}

// MARK: - A small registry

enum Fixtures {
    /// The encoder the tests' shells write `--json` with (an app gives its own: Kith's is IdentityWire's `KithJSON`).
    static func jsonEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// `echo`, `member add|list|guardian add`, `fail`, `usage`, `silent`, `reset`, `styled`, `warny`, `quit`, `exit`,
    /// `help`, over features `test`, `members` and `kith`.
    static func registry(counter: Counter = Counter(5)) throws -> CommandRegistry {
        var registry = CommandRegistry()
        let test: [Command] = [
            Command("echo", summary: "Print words", arguments: [Argument("WORDS", "what to print", count: .many)]) {
                arguments, _ in
                .message(arguments.arguments("WORDS").joined(separator: " "))
            },
            Command("fail", summary: "Always refused") { _, _ in throw Refusal() },
            Command("usage", summary: "Always a usage error") { _, _ in throw UsageError("That is not a date") },
            Command("silent", summary: "Says nothing") { _, _ in .message("") },
            Command("reset", summary: "Set the counter to zero, after asking") { _, context in
                try context.confirm("Reset the counter?")
                counter.set(0)
                return .message("Counter reset.")
            },
            Command("styled", summary: "Shows the style it was given") { _, context in
                .message(context.style.bold("bold") + " \(context.style.palette)")
            },
            Command("warny", summary: "Warns, then succeeds") { _, context in
                context.warn("careful")
                return .message("done")
            },
        ]
        let members: [Command] = [
            Command(
                "member add", summary: "Add a member",
                arguments: [Argument("NAME", "the member's name")],
                options: [Option("avatar", value: "KEY", "an avatar key")]
            ) { arguments, _ in
                let member = MemberJSON(name: arguments.argument("NAME"), avatar: arguments.option("avatar"))
                return .value(member, text: "Added \(member.name).")
            },
            Command("member list", summary: "List members") { _, _ in
                .value(
                    [MemberJSON(name: "Ana", avatar: nil), MemberJSON(name: "李小龍", avatar: "dragon")],
                    text: "Ana\n李小龍\n")
            },
            Command(
                "member guardian add", summary: "Add a guardian",
                arguments: [Argument("MEMBER"), Argument("EMAIL")]
            ) { arguments, _ in
                .message("\(arguments.argument("EMAIL")) now guards \(arguments.argument("MEMBER")).")
            },
        ]
        for command in test { try registry.register(command, feature: "test") }
        for command in members { try registry.register(command, feature: "members") }
        for command in BuiltinCommands.session { try registry.register(command, feature: "kith") }
        let help = BuiltinCommands.help(for: registry, title: "kith test", feature: "kith")
        try registry.register(help, feature: "kith")
        return registry
    }
}

/// A shell over the fixture registry, writing into captured sinks.
struct Harness {
    let output = CapturedText()
    let errors = CapturedText()
    let counter = Counter(5)
    let shell: Shell

    init(
        interaction: any Interaction = NoInteraction(),
        environment: [String: String] = [:],
        outputIsTerminal: Bool = false,
        palette: Style.Palette = .dark
    ) throws {
        shell = Shell(
            registry: try Fixtures.registry(counter: counter), output: output, errors: errors,
            interaction: interaction, environment: environment, outputIsTerminal: outputIsTerminal,
            jsonEncoder: Fixtures.jsonEncoder(), startOnlyFlags: ["--db", "--product"], palette: { palette })
    }

    func run(_ line: String, json: Bool = false, yes: Bool = false) async -> Shell.Outcome {
        await shell.run(line: line, defaults: Shell.Defaults(json: json, assumeYes: yes))
    }

    func script(_ text: String, json: Bool = false, yes: Bool = false, keepGoing: Bool = false) async -> Int32 {
        await shell.runScript(
            ScriptLines(text: text), defaults: Shell.Defaults(json: json, assumeYes: yes), keepGoing: keepGoing)
    }
}

// MARK: - Helpers

/// The value of one line of JSON, fragments allowed.
func parseJSON(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// The lines of `text`, without the empty one after a final newline.
func lines(of text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
}

/// The UTF-8 bytes of each word, to compare text exactly rather than up to canonical equivalence.
func bytes(_ words: [String]) -> [[UInt8]] { words.map { Array($0.utf8) } }

/// A new empty folder under the system's temporary folder.
func makeTemporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "/console-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// `text` without ANSI SGR escapes (`ESC [ ... m`).
func strippingEscapes(_ text: String) -> String {
    var result = ""
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
        if scalar == "\u{1B}" {
            while let next = scalars.next(), next != "m" {}
            continue
        }
        result.unicodeScalars.append(scalar)
    }
    return result
}

/// A deterministic random source, so generated cases are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
