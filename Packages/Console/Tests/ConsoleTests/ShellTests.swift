import Console
import Foundation
import Testing

@Suite("Shell: one command")
struct ShellTests {
    @Test("exit codes: 0 on success, 1 when refused, 2 for usage errors")
    func exitCodes() async throws {
        let harness = try Harness()
        #expect(await harness.shell.run(["echo", "hi"], defaults: .init()) == .success)
        #expect(
            await harness.shell.run(["fail"], defaults: .init()) == .failed(code: 1, message: "The family is full."))
        #expect(
            await harness.shell.run(["usage"], defaults: .init()) == .failed(code: 2, message: "That is not a date"))
        #expect(await harness.shell.run(["nosuch"], defaults: .init()).exitCode == 2)
        #expect(await harness.shell.run(["member", "add"], defaults: .init()).exitCode == 2)
        #expect(await harness.shell.run(["member", "add", "Ana", "--nope"], defaults: .init()).exitCode == 2)
        #expect(await harness.shell.run(["reset"], defaults: .init()).exitCode == 1)
        #expect(await harness.shell.run(["quit"], defaults: .init()) == .quit)
        #expect(Shell.Outcome.quit.exitCode == 0)
        #expect(Shell.refusedExitCode == 1 && Shell.usageExitCode == 2)
    }

    @Test("running words prints the output but leaves errors to the caller")
    func wordsDoNotReportErrors() async throws {
        let harness = try Harness()
        _ = await harness.shell.run(["echo", "hi", "there"], defaults: .init())
        _ = await harness.shell.run(["fail"], defaults: .init())
        #expect(harness.output.text == "hi there\n")
        #expect(harness.errors.text == "")
    }

    @Test("errors go to the errors sink as `error: ...`, never to the output")
    func errorsToErrorSink() async throws {
        let harness = try Harness()
        #expect(await harness.run("fail").exitCode == 1)
        #expect(await harness.run("nosuch").exitCode == 2)
        #expect(await harness.run("echo 'unbalanced").exitCode == 2)
        #expect(harness.output.text == "")
        #expect(
            lines(of: harness.errors.text) == [
                "error: The family is full.",
                "error: Unknown command `nosuch`: try `help`",
                "error: Unbalanced single quote: add the closing '",
            ])
    }

    @Test("with --json, errors are still `error: ...` on the errors sink and the output stays empty")
    func jsonErrors() async throws {
        let harness = try Harness()
        #expect(await harness.run("fail --json").exitCode == 1)
        #expect(await harness.run("member add --json").exitCode == 2)
        #expect(harness.output.text == "")
        #expect(lines(of: harness.errors.text).allSatisfy { $0.hasPrefix("error: ") })
        #expect(lines(of: harness.errors.text).count == 2)
    }

    @Test("`error:` is red on a terminal, plain otherwise or with NO_COLOR")
    func errorColour() async throws {
        let terminal = try Harness(outputIsTerminal: true)
        _ = await terminal.run("fail")
        #expect(terminal.errors.text == "\u{1B}[31merror:\u{1B}[0m The family is full.\n")
        let noColor = try Harness(environment: ["NO_COLOR": "1"], outputIsTerminal: true)
        _ = await noColor.run("fail")
        #expect(noColor.errors.text == "error: The family is full.\n")
    }

    @Test("human output ends with exactly one newline; empty output prints nothing")
    func textOutput() async throws {
        let harness = try Harness()
        _ = await harness.run("echo hi")
        _ = await harness.run("member list")
        _ = await harness.run("silent")
        #expect(harness.output.text == "hi\nAna\n李小龍\n")
    }

    @Test("blank and comment lines do nothing and succeed")
    func blankAndComment() async throws {
        let harness = try Harness()
        #expect(await harness.run("") == .success)
        #expect(await harness.run("   \t") == .success)
        #expect(await harness.run("# just a note") == .success)
        #expect(await harness.run("--json") == .success)
        #expect(harness.output.text == "" && harness.errors.text == "")
    }

    // MARK: - Global flags

    @Test(
        "--json is accepted anywhere on the line",
        arguments: [
            "--json member add Ana", "member --json add Ana", "member add --json Ana", "member add Ana --json",
            "member add Ana --avatar cat --json",
        ])
    func jsonAnywhere(line: String) async throws {
        let harness = try Harness()
        #expect(await harness.run(line) == .success)
        let output = lines(of: harness.output.text)
        try #require(output.count == 1)
        let value = try #require(try parseJSON(output[0]) as? [String: Any])
        #expect(value["name"] as? String == "Ana")
    }

    @Test("--yes is accepted anywhere on the line", arguments: ["--yes reset", "reset --yes", "reset --json --yes"])
    func yesAnywhere(line: String) async throws {
        let harness = try Harness()
        #expect(await harness.run(line) == .success)
        #expect(harness.counter.value == 0)
    }

    @Test("--json and --yes after -- are ordinary words")
    func globalFlagsAfterDoubleDash() async throws {
        let harness = try Harness()
        #expect(await harness.run("echo -- --json --yes") == .success)
        #expect(harness.output.text == "--json --yes\n")
    }

    @Test("the defaults apply to every line")
    func defaults() async throws {
        let harness = try Harness()
        #expect(await harness.run("echo hi", json: true) == .success)
        #expect(try parseJSON(lines(of: harness.output.take())[0]) as? [String: String] == ["message": "hi"])
        #expect(await harness.run("reset", yes: true) == .success)
        #expect(harness.counter.value == 0)
    }

    // MARK: - JSON

    @Test("--json prints exactly one JSON value per command")
    func oneJSONValue() async throws {
        let harness = try Harness()
        _ = await harness.run("member add Ana --avatar cat --json")
        let added = lines(of: harness.output.take())
        try #require(added.count == 1)
        #expect(try parseJSON(added[0]) as? [String: String] == ["name": "Ana", "avatar": "cat"])

        _ = await harness.run("member list --json")
        let listed = lines(of: harness.output.take())
        try #require(listed.count == 1)
        let members = try #require(try parseJSON(listed[0]) as? [[String: Any]])
        #expect(members.map { $0["name"] as? String } == ["Ana", "李小龍"])
        #expect(members[1]["avatar"] as? String == "dragon")
    }

    @Test(
        "text-only outputs print {\"message\": text} with --json",
        arguments: [
            ("echo hi there", "hi there"), ("silent", ""), ("reset --yes", "Counter reset."), ("quit", "bye"),
            ("member guardian add Ana ana@example.com", "ana@example.com now guards Ana."),
        ])
    func messageJSON(line: String, message: String) async throws {
        let harness = try Harness()
        _ = await harness.run(line + " --json")
        let output = lines(of: harness.output.text)
        try #require(output.count == 1)
        #expect(try parseJSON(output[0]) as? [String: String] == ["message": message])
    }

    @Test("JSON is one line even when the text has several, and keeps Unicode and slashes as they are")
    func jsonOneLine() async throws {
        let harness = try Harness()
        _ = await harness.run(#"echo "a/b" 👨‍👩‍👧 "two\nlines" --json"#)
        let output = lines(of: harness.output.text)
        try #require(output.count == 1)
        #expect(!output[0].contains(#"\/"#))
        #expect(try parseJSON(output[0]) as? [String: String] == ["message": #"a/b 👨‍👩‍👧 two\nlines"#])
    }

    @Test("`--json` is written by the encoder the shell was given")
    func jsonRendering() throws {
        struct Value: Encodable {
            let zeta = 1
            let when = Date(timeIntervalSince1970: 0)
        }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        #expect(try JSONOutput.render(Value(), with: encoder) == #"{"when":0,"zeta":1}"#)
    }

    // MARK: - What commands see

    @Test("commands get a style that follows the terminal, NO_COLOR and the palette")
    func commandStyle() async throws {
        let plain = try Harness(outputIsTerminal: false)
        _ = await plain.run("styled")
        #expect(plain.output.text == "bold dark\n")
        let terminal = try Harness(outputIsTerminal: true, palette: .light)
        _ = await terminal.run("styled")
        #expect(terminal.output.text == "\u{1B}[1mbold\u{1B}[0m light\n")
        let noColor = try Harness(environment: ["NO_COLOR": "1"], outputIsTerminal: true)
        _ = await noColor.run("styled")
        #expect(noColor.output.text == "bold dark\n")
    }

    @Test("warnings go to the errors sink, output to the output sink")
    func warnings() async throws {
        let harness = try Harness()
        #expect(await harness.run("warny") == .success)
        #expect(harness.output.text == "done\n")
        #expect(harness.errors.text == "warning: careful\n")
    }

    // MARK: - Start-only flags

    @Test(
        "a start-only flag on a line is a usage error",
        arguments: [
            ("member list --db x.sqlite", "--db"), ("--db=x.sqlite member list", "--db"),
            ("echo --product rin", "--product"),
        ])
    func startOnlyFlags(line: String, flag: String) async throws {
        let harness = try Harness()
        let message = "\(flag) can only be given when starting kith"
        #expect(await harness.run(line) == .failed(code: 2, message: message))
        #expect(harness.errors.text == "error: \(message)\n")
        #expect(harness.output.text == "")
    }

    @Test(
        "a per-line flag given a value is a usage error",
        arguments: [
            ("echo hi --yes=no", "--yes"), ("--yes= echo hi", "--yes"), ("echo hi --json=false", "--json"),
            ("--json= echo hi", "--json"),
        ])
    func perLineFlagWithAValue(line: String, flag: String) async throws {
        let harness = try Harness()
        let message = "\(flag) takes no value"
        #expect(await harness.run(line) == .failed(code: 2, message: message))
        #expect(harness.errors.text == "error: \(message)\n")
        #expect(harness.output.text == "")
    }

    @Test("a start-only flag after -- is an ordinary word")
    func startOnlyFlagAfterDoubleDash() async throws {
        let harness = try Harness()
        #expect(await harness.run("echo -- --db") == .success)
        #expect(harness.output.text == "--db\n")
    }
}

@Suite("Shell: scripts")
struct ScriptTests {
    @Test("runs every line, skipping blank and comment lines")
    func runsLines() async throws {
        let harness = try Harness()
        let code = await harness.script("echo one\n\n# a comment\n   \n\techo two # trailing\necho three")
        #expect(code == 0)
        #expect(harness.output.text == "one\ntwo\nthree\n")
        #expect(harness.errors.text == "")
    }

    @Test("stops at the first failing line with `error: line N:` and that command's exit code")
    func stopsAtFirstFailure() async throws {
        let refused = try Harness()
        #expect(await refused.script("echo one\n# note\n\nfail\necho five\n") == 1)
        #expect(refused.output.text == "one\n")
        #expect(refused.errors.text == "error: line 4: The family is full.\n")

        let usage = try Harness()
        #expect(await usage.script("echo one\nnosuch command\necho three\n") == 2)
        #expect(usage.output.text == "one\n")
        #expect(usage.errors.text == "error: line 2: Unknown command `nosuch`: try `help`\n")

        let tokenizing = try Harness()
        #expect(await tokenizing.script("echo 'open\necho two") == 2)
        #expect(tokenizing.errors.text == "error: line 1: Unbalanced single quote: add the closing '\n")
        #expect(tokenizing.output.text == "")
    }

    @Test("--keep-going runs every line and returns 1 if any failed")
    func keepGoing() async throws {
        let harness = try Harness()
        let code = await harness.script("nosuch\necho two\nfail\necho four\nmember add\n", keepGoing: true)
        #expect(code == 1)
        #expect(harness.output.text == "two\nfour\n")
        #expect(
            lines(of: harness.errors.text) == [
                "error: line 1: Unknown command `nosuch`: try `help`",
                "error: line 3: The family is full.",
                "error: line 5: `member add` needs NAME: member add NAME [--avatar KEY]",
            ])

        let clean = try Harness()
        #expect(await clean.script("echo a\necho b", keepGoing: true) == 0)
    }

    @Test("JSON Lines: one JSON value per command line")
    func jsonLines() async throws {
        let harness = try Harness()
        let script = "# members\necho hi\n\nmember add Ana\nmember list\nsilent\n"
        #expect(await harness.script(script, json: true) == 0)
        let output = lines(of: harness.output.text)
        try #require(output.count == 4)
        let values = try output.map(parseJSON)
        #expect(values[0] as? [String: String] == ["message": "hi"])
        #expect((values[1] as? [String: Any])?["name"] as? String == "Ana")
        #expect((values[2] as? [Any])?.count == 2)
        #expect(values[3] as? [String: String] == ["message": ""])
    }

    @Test("quit and exit stop a script", arguments: ["quit", "exit"])
    func quitStops(word: String) async throws {
        let harness = try Harness()
        #expect(await harness.script("echo a\n\(word)\necho b\n") == 0)
        #expect(harness.output.text == "a\n")
    }

    @Test("quit after a failure with --keep-going still returns 1")
    func quitAfterFailure() async throws {
        let harness = try Harness()
        #expect(await harness.script("fail\nquit\necho b\n", keepGoing: true) == 1)
        #expect(harness.output.text == "")
    }

    @Test("a start-only flag in a script line is a usage error on that line")
    func startOnlyFlagInScript() async throws {
        let harness = try Harness()
        #expect(await harness.script("echo a\nmember list --db other.sqlite\necho c") == 2)
        #expect(harness.errors.text == "error: line 2: --db can only be given when starting kith\n")
        #expect(harness.output.text == "a\n")
    }

    @Test("an unreadable line stops the script with a usage error; later lines still run with --keep-going")
    func invalidLine() async throws {
        let bytes = Array("echo a\n".utf8) + [0xFF, 0xFE] + Array("\necho c\n".utf8)
        for keepGoing in [false, true] {
            let harness = try Harness()
            var chunks = [bytes]
            let code = await harness.shell.runScript(
                ScriptLines(readChunk: { chunks.popLast() }), defaults: .init(), keepGoing: keepGoing)
            #expect(code == (keepGoing ? 1 : 2))
            #expect(harness.errors.text == "error: line 2: This line is not valid UTF-8 text\n")
            #expect(harness.output.text == (keepGoing ? "a\nc\n" : "a\n"))
        }
    }

    @Test("a confirmation in a script needs --yes")
    func confirmationInScript() async throws {
        let refused = try Harness()
        #expect(await refused.script("reset\n") == 1)
        #expect(refused.errors.text == "error: line 1: This needs confirmation: run it again with --yes.\n")
        #expect(refused.counter.value == 5)

        let accepted = try Harness()
        #expect(await accepted.script("reset\n", yes: true) == 0)
        #expect(accepted.counter.value == 0)
    }
}
