import Foundation
import Testing

/// The built `kith` binary, run as a user runs it.
@Suite("kith, the built binary")
struct KithBinaryTests {
    let folder = makeTemporaryFolder("kith-e2e-")

    @Test func aScriptOnStandardInputPrintsBothResultsWithoutAPrompt() async throws {
        let database = folder + "/k/x.sqlite"
        let run = try await KithProcess.run(["--db", database], input: Data("status\nversion\n".utf8))
        #expect(run.status == 0)
        #expect(run.output.contains("database  \(database)"))
        #expect(run.output.hasSuffix("kith 0.1.0\n"))
        #expect(!run.output.contains("›"))
        #expect(run.errors.isEmpty)
        let mode = try FileManager.default.attributesOfItem(atPath: database)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func anUnknownCommandExitsTwo() async throws {
        let run = try await KithProcess.run(["--db", folder + "/x.sqlite", "nosuchcommand"])
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("error: "))
    }

    /// `version` answers before anything else starts (the start-up benchmark times it), and creates nothing wherever
    /// the database would be: named by --db, by KITH_DB, or the default under XDG_DATA_HOME.
    @Test func versionCreatesNoDatabase() async throws {
        let database = folder + "/v/x.sqlite"
        let environment = ["KITH_DB": folder + "/env/x.sqlite", "XDG_DATA_HOME": folder + "/data"]
        let runs: [([String], String)] = [
            (["--db", database, "version"], "kith 0.1.0\n"),
            (["version", "--json", "--db", database], "{\"version\":\"0.1.0\"}\n"),
            (["--product", "rin", "--version", "--db", database], "kith 0.1.0\n"),
            (["version"], "kith 0.1.0\n"),
        ]
        for (arguments, expected) in runs {
            let run = try await KithProcess.run(arguments, environment: environment)
            #expect(run.status == 0)
            #expect(run.output == expected)
            #expect(run.errors.isEmpty)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(left.isEmpty, "version created \(left)")
    }

    @Test func aTextFileIsRefusedAndLeftUnchanged() async throws {
        let path = folder + "/notes.txt"
        let text = Data("my notes\n".utf8)
        try text.write(to: URL(fileURLWithPath: path))
        let run = try await KithProcess.run(["--db", path, "status"])
        #expect(run.status == 1)
        #expect(run.errors.contains("is not a Kith database"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
    }

    @Test func aFolderOrAnUncreatablePathGetsAClearError() async throws {
        let asFolder = try await KithProcess.run(["--db", folder, "status"])
        #expect(asFolder.status == 1)
        #expect(asFolder.errors == "error: \(folder) is a folder, not a database file\n")

        try Data().write(to: URL(fileURLWithPath: folder + "/plain"))
        let belowAFile = try await KithProcess.run(["--db", folder + "/plain/x.sqlite", "status"])
        #expect(belowAFile.status == 1)
        #expect(belowAFile.errors.contains("is a file, not a folder"))

        let readOnly = try await KithProcess.run(["--db", "/proc/kith/x.sqlite", "status"])
        #expect(readOnly.status == 1)
        #expect(readOnly.errors.hasPrefix("error: Cannot create the folder /proc/kith"))
    }

    @Test func badInputOnStandardInputGivesClearErrorsNotCrashes() async throws {
        let database = folder + "/x.sqlite"
        let invalid = try await KithProcess.run(
            ["--db", database], input: Data("version\n".utf8) + [0xFF, 0xFE, 0x0A])
        #expect(invalid.status == 2)
        #expect(invalid.errors == "error: line 2: This line is not valid UTF-8 text\n")

        let long = try await KithProcess.run(["--db", database], input: Data(repeating: 0x61, count: 1_000_000))
        #expect(long.status == 2)
        #expect(long.errors == "error: line 1: This line is too long (1000000 bytes; the limit is 65536)\n")

        let quotes = try await KithProcess.run(["--db", database], input: Data("version \"abc\n".utf8))
        #expect(quotes.status == 2)
        #expect(quotes.errors == "error: line 1: Unbalanced double quote: add the closing \"\n")
    }

    @Test func theREPLCompletesRemembersAndLeavesOnControlD() async throws {
        let state = folder + "/state"
        let kith = "\(KithProcess.binary) --db \(folder)/x.sqlite"
        let prompt = "kith (signed out) › "
        /// One session: `keys` that run `help` at the prompt, its answer, the prompt again, and Control-D to leave.
        func helpSession(typing keys: String) async throws {
            let session = try TerminalSession(kith, environment: ["XDG_STATE_HOME": state])
            // Keys go only once the prompt shows: the line editor is reading the terminal by then.
            try await session.waitFor(prompt)
            session.type(keys)
            try await session.waitFor("help [COMMAND...]")
            try await session.waitFor(prompt, count: 2)
            session.type("\u{4}")
            #expect(try await session.exitStatus() == 0)
        }

        try await helpSession(typing: "he\t\n")
        let history = try String(contentsOfFile: state + "/kith/history", encoding: .utf8)
        #expect(history.hasPrefix("help"))
        let mode = try FileManager.default.attributesOfItem(atPath: state + "/kith/history")[.posixPermissions]
        #expect(mode as? Int == 0o600)
        // Up arrow: the line the first session left in the history.
        try await helpSession(typing: "\u{1B}[A\n")
    }
}
