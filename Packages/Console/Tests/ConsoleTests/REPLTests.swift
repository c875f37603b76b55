import Console
import Foundation
import Testing

@Suite("REPL")
struct REPLTests {
    private func runREPL(
        _ harness: Harness, _ editor: ScriptedLineEditor, history: History? = nil, banner: String = "Welcome to kith",
        farewell: String? = nil, json: Bool = false
    ) async -> Int32 {
        await harness.shell.runREPL(
            editor: editor, history: history, banner: banner, prompt: { "kith› " }, farewell: { farewell },
            defaults: Shell.Defaults(json: json))
    }

    @Test("the banner is printed once, the prompt is asked for every line, Ctrl-D returns 0")
    func bannerPromptEnd() async throws {
        let harness = try Harness()
        let editor = ScriptedLineEditor([.line("echo hi"), .line("echo there"), .end])
        #expect(await runREPL(harness, editor) == 0)
        #expect(harness.output.text == "Welcome to kith\nhi\nthere\n\n")
        #expect(editor.prompts == ["kith› ", "kith› ", "kith› "])
    }

    @Test("the prompt is asked for again before every line")
    func dynamicPrompt() async throws {
        let harness = try Harness()
        let asked = Counter()
        let editor = ScriptedLineEditor([.line("echo a"), .interrupted, .line("echo b"), .end])
        let code = await harness.shell.runREPL(
            editor: editor, history: nil, banner: "", prompt: { "\(asked.increment())> " }, defaults: .init())
        #expect(code == 0)
        #expect(editor.prompts == ["1> ", "2> ", "3> ", "4> "])
        #expect(harness.output.text == "a\nb\n\n")
    }

    @Test("Ctrl-C throws the line away and asks again")
    func interruptedContinues() async throws {
        let harness = try Harness()
        let editor = ScriptedLineEditor([.interrupted, .interrupted, .line("echo still here"), .end])
        #expect(await runREPL(harness, editor, banner: "") == 0)
        #expect(harness.output.text == "still here\n\n")
        #expect(editor.prompts.count == 4)
    }

    @Test("quit and exit leave with 0 and the farewell note", arguments: ["quit", "exit"])
    func quitLeaves(word: String) async throws {
        let harness = try Harness()
        let editor = ScriptedLineEditor([.line("echo a"), .line(word), .line("echo never")])
        #expect(await runREPL(harness, editor, farewell: "You were acting as Mia: that ended.") == 0)
        #expect(harness.output.text == "Welcome to kith\na\n")
        #expect(harness.errors.text == "You were acting as Mia: that ended.\n")
        #expect(editor.prompts.count == 2)
    }

    @Test("the farewell note is printed when input ends too; none when there is nothing to say")
    func farewellOnEnd() async throws {
        let harness = try Harness()
        #expect(await runREPL(harness, ScriptedLineEditor([]), farewell: "Bye.") == 0)
        #expect(harness.errors.text == "Bye.\n")
        let quiet = try Harness()
        #expect(await runREPL(quiet, ScriptedLineEditor([.line("quit")])) == 0)
        #expect(quiet.errors.text == "")
    }

    @Test("errors are reported without a line number and the REPL goes on")
    func errorsContinue() async throws {
        let harness = try Harness()
        let editor = ScriptedLineEditor([
            .line("fail"), .line("nosuch"), .line("echo 'open"), .line("echo after"), .end,
        ])
        #expect(await runREPL(harness, editor, banner: "") == 0)
        #expect(harness.output.text == "after\n\n")
        #expect(
            lines(of: harness.errors.text) == [
                "error: The family is full.",
                "error: Unknown command `nosuch`: try `help`",
                "error: Unbalanced single quote: add the closing '",
            ])
    }

    @Test("--json in the REPL prints one JSON value per line")
    func json() async throws {
        let harness = try Harness()
        let editor = ScriptedLineEditor([.line("echo hi"), .line("member add Ana"), .line("quit")])
        #expect(await runREPL(harness, editor, banner: "", json: true) == 0)
        let output = lines(of: harness.output.text)
        try #require(output.count == 3)
        #expect(try parseJSON(output[0]) as? [String: String] == ["message": "hi"])
        #expect((try parseJSON(output[1]) as? [String: Any])?["name"] as? String == "Ana")
        #expect(try parseJSON(output[2]) as? [String: String] == ["message": "bye"])
    }

    @Test("lines go to the editor's history and the history file, except blank lines and --password lines")
    func history() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let history = History(path: folder + "/state/kith/history")
        let harness = try Harness()
        let editor = ScriptedLineEditor([
            .line("echo one"), .line("login ana@example.com --password hunter2"), .line("   "), .line(""),
            .line("echo --password=hunter2"), .interrupted, .line("echo 李小龍 👍"), .line("quit"),
        ])
        #expect(await runREPL(harness, editor, history: history) == 0)
        let kept = ["echo one", "echo 李小龍 👍", "quit"]
        #expect(editor.history == kept)
        #expect(history.load() == kept)
        let contents = try String(contentsOfFile: history.path, encoding: .utf8)
        #expect(!contents.contains("hunter2"))
        #expect(contents == kept.joined(separator: "\n") + "\n")
    }

    @Test("a line that names no command (a password typed at the prompt) is run, refused and never remembered")
    func unknownCommandsAreNotRemembered() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let history = History(path: folder + "/history")
        let harness = try Harness()
        let editor = ScriptedLineEditor([
            .line("echo one"), .line("hunter2"), .line("Secret 'pass"), .line("--json Hunter2"),
            .line("member hunter2"), .line("member add"), .line("fail"), .line("quit"),
        ])
        #expect(await runREPL(harness, editor, history: history) == 0)
        // A known command that fails, or is given wrong arguments, is kept: it can be fixed and run again.
        let kept = ["echo one", "member add", "fail", "quit"]
        #expect(editor.history == kept)
        #expect(history.load() == kept)
        #expect(lines(of: harness.errors.text).count == 6)
    }

    @Test("a line over the limit is refused, not run and not remembered")
    func tooLongLine() async throws {
        let harness = try Harness()
        let long = "echo " + String(repeating: "x", count: ScriptLines.maximumLineBytes)
        let editor = ScriptedLineEditor([.line(long), .line("echo ok"), .end])
        #expect(await runREPL(harness, editor, banner: "") == 0)
        #expect(harness.output.text == "ok\n\n")
        #expect(harness.errors.text.hasPrefix("error: This line is too long"))
        #expect(editor.history == ["echo ok"])
    }
}
