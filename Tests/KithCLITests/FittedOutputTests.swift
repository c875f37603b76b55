import Accounts
import Console
import Foundation
import Testing

@testable import KithCLI

/// kith's help and listings on terminals of 40, 60, 80 and 120 columns, and the same never cut when piped or
/// with `--json`.
@Suite("Output that fits the terminal")
struct FittedOutputTests {
    /// Short, so that the database path `status` shows fits even 40 columns.
    let folder = NSTemporaryDirectory() + "kf" + String(UUID().uuidString.prefix(6))
    var database: String { folder + "/k.sqlite" }
    static let longName = "Alexandra Konstantinopoulou-Papadimitriou de Vega"
    static let widths = [40, 60, 80, 120]

    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    func kith(_ arguments: [String], width: Int? = nil, input: String = "") async -> Run {
        let output = CapturedText()
        let errors = CapturedText()
        let terminal = KithApp.Terminal(
            output: output, errors: errors, input: .text(input), outputIsTerminal: width != nil, width: { width })
        let environment = ["HOME": folder, "NO_COLOR": "1", "KITH_PASSWORD": "Pass-word-1234"]
        let status = await kithApp.run(
            arguments: ["--db", database] + arguments, environment: environment, terminal: terminal)
        return Run(status: status, output: output.text, errors: errors.text)
    }

    /// An account with long names everywhere a listing shows one.
    func populate() async throws {
        let setUp = await kith(
            [],
            input: """
                signup dana@example.com --first Dana --last Lee
                contact add '\(Self.longName)' --email alexandra.konstantinopoulou@example.com --phone +33123456789
                contact add '李小龍 the grandparents of the family'
                circle create 'Neighbours from the old street' --emoji 🏡
                circle add Family '\(Self.longName)'
                household create 'The Lee and Konstantinopoulou household'
                member add 'Maximilian Alexander Third'
                shadow create --type professional --name 'Dana Lee Senior Principal Consultant'
                """)
        try #require(setUp.status == 0, "\(setUp.errors)")
    }

    /// Every line of `text` fits `width` display columns.
    func expectFits(_ text: String, _ width: Int, _ what: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(DisplayWidth.of(String(line)) <= width, "`\(what)` at \(width): \(line)")
        }
    }

    static func words(_ text: String) -> Set<Substring> {
        Set(text.split(whereSeparator: \.isWhitespace))
    }

    @Test("help, its overview and every group, fits the terminal without breaking a word", arguments: widths)
    func helpFits(width: Int) async throws {
        let all = await kith(["help", "--json"])
        let commands = try JSONDecoder().decode([[String: String]].self, from: Data(all.output.utf8))
        let groups = Set(commands.compactMap { $0["command"]?.split(separator: " ").first }).sorted()
        for words in [["help"], ["--help"]] + groups.map({ ["help", String($0)] }) {
            let run = await kith(words, width: width)
            #expect(run.status == 0, "\(run.errors)")
            expectFits(run.output, width, words.joined(separator: " "))
            let shown = Self.words(run.output)
            for command in commands
            where words == ["help"] || command["command"]!.hasPrefix(words.last! + " ")
                || command["command"] == words.last
            {
                for word in Self.words(command["summary"]!) {
                    #expect(shown.contains(word), "`\(words.joined(separator: " "))` at \(width) broke \(word)")
                }
            }
        }
    }

    @Test("kith --help lists the global flags and the environment variables")
    func helpListsFlagsAndEnvironment() async {
        let run = await kith(["--help"], width: 80)
        for name in [
            "--db PATH", "--remote URL", "--product", "--account EMAIL", "--as MEMBER", "--json", "--yes",
            "--keep-going", "KITH_DB", "KITH_REMOTE", "KITH_PASSWORD", "NO_COLOR", "XDG_DATA_HOME", "XDG_STATE_HOME",
        ] {
            #expect(run.output.contains(name), "\(name) is missing from --help")
        }
    }

    @Test("listings fit the terminal: names cut with an ellipsis, ids whole", arguments: widths)
    func listingsFit(width: Int) async throws {
        try await populate()
        let contacts = await kith(["contacts", "--json"])
        struct ContactJSON: Decodable { let contactId: String }
        let ids = try JSONDecoder().decode([ContactJSON].self, from: Data(contacts.output.utf8)).map(\.contactId)
        try #require(ids.count == 2)
        let listings = [
            ["circles"], ["contacts"], ["circle", "show", "Family"], ["personas"], ["household"], ["households"],
            ["accounts"], ["whoami"], ["profiles"], ["access"], ["profile", "show"], ["prefs"], ["status"],
        ]
        for words in listings {
            let run = await kith(words, width: width)
            #expect(run.status == 0, "\(words): \(run.errors)")
            expectFits(run.output, width, words.joined(separator: " "))
        }
        let listed = await kith(["contacts"], width: width)
        for id in ids { #expect(listed.output.contains(id), "contacts at \(width) cut the id \(id)") }
    }

    @Test("piped output and --json are never cut, whatever the terminal's width")
    func pipedAndJSONAreWhole() async throws {
        try await populate()
        let piped = await kith(["contacts"])
        #expect(piped.output.contains(Self.longName))
        #expect(!piped.output.contains("…"))
        let narrow = await kith(["contacts"], width: 40)
        #expect(!narrow.output.contains(Self.longName) && narrow.output.contains("…"), "\(narrow.output)")
        let json = await kith(["contacts", "--json"], width: 40)
        #expect(json.output.contains(Self.longName))
        #expect(!json.output.contains("…"))
    }

    @Test("the circles sections share one alignment")
    func circlesSectionsShareTheAlignment() async throws {
        try await populate()
        let run = await kith(["circles"], width: 120)
        let colours: Set = ["red", "orange", "yellow", "green", "teal", "blue", "indigo", "purple", "pink", "gray"]
        // The colour, the last column, starts in the same column on every row of every section.
        let starts = run.output.split(separator: "\n").compactMap { row -> Int? in
            guard let last = row.split(separator: " ").last, colours.contains(String(last)) else { return nil }
            return DisplayWidth.of(String(row.dropLast(last.count)))
        }
        #expect(starts.count >= 5, "\(run.output)")
        #expect(Set(starts).count == 1, "\(run.output)")
    }
}
