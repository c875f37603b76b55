import Console
import Foundation
import Testing

@testable import KithCLI

/// kith run in-process, as scripts and one-shot commands, on a temporary database file.
@Suite("The kith app: flags, modes, products")
struct KithAppTests {
    let folder = NSTemporaryDirectory() + "kith-app-" + UUID().uuidString

    func kith(_ arguments: [String], input: String = "") async -> InProcessKith.Run {
        await InProcessKith(home: folder).run(arguments, input: input)
    }

    var database: String { folder + "/kith.sqlite" }

    @Test func aScriptRunsEveryLineWithoutPromptOrBanner() async {
        let run = await kith(["--db", database], input: "status\n# a comment\n\nversion\n")
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("database"))
        #expect(run.output.hasSuffix("kith 0.1.0\n"))
        #expect(!run.output.contains("›"))
        #expect(run.errors.isEmpty)
    }

    @Test func aScriptStopsAtTheFirstFailureWithItsLineNumberAndExitCode() async {
        let run = await kith(["--db", database], input: "version\n\nnosuch\nversion\n")
        #expect(run.status == 2)
        #expect(run.output == "kith 0.1.0\n")
        #expect(run.errors == "error: line 3: Unknown command `nosuch`: try `help`\n")
    }

    @Test func keepGoingRunsEveryLineAndExitsOneIfAnyFailed() async {
        let run = await kith(["--db", database, "--keep-going"], input: "nosuch\nversion\n'unbalanced\nversion\n")
        #expect(run.status == 1)
        #expect(run.output == "kith 0.1.0\nkith 0.1.0\n")
        #expect(run.errors.contains("error: line 1: "))
        #expect(run.errors.contains("error: line 3: Unbalanced single quote"))
    }

    @Test func jsonInAScriptPrintsOneValuePerLine() async throws {
        let run = await kith(["--db", database, "--json"], input: "version\nstatus\n")
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 2)
        for line in lines {
            #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
        }
        let status = try #require(
            try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(status["database"] as? String == database)
        #expect(status["product"] as? String == "all")
    }

    @Test func globalFlagsMayFollowTheCommand() async {
        let before = await kith(["--db", database, "--json", "version"])
        let after = await kith(["version", "--json", "--db", database])
        #expect(before.output == "{\"version\":\"0.1.0\"}\n")
        #expect(after.output == before.output)
    }

    @Test func usageErrorsExitTwoAndRefusalsExitOne() async throws {
        let unknown = await kith(["--db", database, "nosuchcommand"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.hasPrefix("error: "))
        #expect(unknown.output.isEmpty)

        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let text = folder + "/notes.txt"
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: text))
        let refused = await kith(["--db", text, "status"])
        #expect(refused.status == 1)
        #expect(refused.errors == "error: \(text) is not a Kith database (it is not an SQLite file)\n")
        #expect(try String(contentsOfFile: text, encoding: .utf8) == "not a database")

        let folderAsDatabase = await kith(["--db", folder, "status"])
        #expect(folderAsDatabase.status == 1)
        #expect(folderAsDatabase.errors.contains("is a folder, not a database file"))
    }

    @Test func startOnlyFlagsInAScriptLineAreUsageErrors() async {
        let run = await kith(["--db", database], input: "status --db other.sqlite\n")
        #expect(run.status == 2)
        #expect(run.errors == "error: line 1: --db can only be given when starting kith\n")
    }

    @Test func anUnknownProductIsAUsageError() async {
        let run = await kith(["--db", database, "--product", "nosuch", "status"])
        #expect(run.status == 2)
        #expect(run.errors.contains("Unknown product nosuch: choose one of all, movienight, compass, rin"))
    }

    @Test func versionNeedsNoDatabase() async {
        let run = await kith(["--db", "/proc/kith-cannot-be-here/x.sqlite", "version"])
        #expect(run.status == 0)
        #expect(run.output == "kith 0.1.0\n")
    }

    @Test func completionScriptsNeedNoDatabaseAndABadShellIsAUsageError() async {
        let script = await kith(["--db", database, "completion", "bash"])
        #expect(script.status == 0)
        #expect(script.output.contains("complete -o default -F _kith kith"))
        let unknown = await kith(["--db", database, "completion", "tcsh"])
        #expect(unknown.status == 2)
        #expect(unknown.errors == "error: SHELL must be one of bash, zsh, fish, not tcsh\n")
        #expect(!FileManager.default.fileExists(atPath: database))
    }

    @Test func theDefaultDatabaseIsUnderXDGDataHome() async {
        let output = CapturedText()
        let terminal = KithApp.Terminal(output: output, errors: CapturedText(), input: .text(""))
        let status = await kithApp.run(
            arguments: ["status", "--json"], environment: ["HOME": folder, "XDG_DATA_HOME": folder + "/data"],
            terminal: terminal)
        #expect(status == 0)
        #expect(output.text.contains("\"database\":\"\(folder)/data/kith/kith.sqlite\""))
        #expect(FileManager.default.fileExists(atPath: folder + "/data/kith/kith.sqlite"))
    }

    @Test func kithDBNamesTheFileWhenNoFlagDoes() async {
        let output = CapturedText()
        let terminal = KithApp.Terminal(output: output, errors: CapturedText(), input: .text(""))
        _ = await kithApp.run(
            arguments: ["status", "--json"], environment: ["HOME": folder, "KITH_DB": database], terminal: terminal)
        #expect(output.text.contains("\"database\":\"\(database)\""))
    }
}
