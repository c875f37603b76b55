import Foundation
import Testing

/// `kith completion bash` in bash itself: the script is sourced, the line set up as bash does on TAB, and
/// COMPREPLY read back; the completions come from the built kith in its hidden mode.
@Suite("Completion in the user's shell")
struct ShellCompletionTests {
    let folder = makeTemporaryFolder("kith-complete-")
    var database: String { folder + "/data/kith.sqlite" }
    /// The person's environment: their file by `KITH_DB`, their state folders under the test's folder.
    var environment: [String: String] {
        [
            "KITH_PASSWORD": "Pass-word-1234", "KITH_DB": database, "HOME": folder,
            "XDG_STATE_HOME": folder + "/state", "XDG_DATA_HOME": folder + "/data",
        ]
    }

    /// Runs `script` in a non-interactive bash that has sourced the completion script, with kith on the PATH.
    private func bash(_ script: String) async throws -> KithProcess.Result {
        let scriptPath = folder + "/kith.bash"
        let generated = try await KithProcess.run(["completion", "bash"], environment: environment)
        try #require(generated.status == 0, "\(generated.errors)")
        try generated.output.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let binaryFolder = URL(fileURLWithPath: KithProcess.binary).deletingLastPathComponent().path
        let line = """
            export PATH='\(binaryFolder)':"$PATH"
            source '\(scriptPath)'
            \(script)
            """
        return try await KithProcess.shell("exec bash --norc --noprofile -c \(quoted(line))", environment: environment)
    }

    /// A bash function that sets up the line as bash does on TAB, calls kith's completion function and prints
    /// COMPREPLY, one a line, then `--`.
    private let complete = """
        complete_line() {
            COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}
            read -r -a COMP_WORDS <<< "$COMP_LINE"
            if [[ "$COMP_LINE" == *" " ]]; then COMP_WORDS+=(""); fi
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMPREPLY=()
            _kith
            printf '%s\\n' "${COMPREPLY[@]}" --
        }
        """

    private func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    @Test func bashCompletesSubCommandsLiveCircleNamesAndGlobalFlags() async throws {
        let setUp = try await KithProcess.run(
            ["--db", database],
            input: Data("signup dana@example.com --first Dana --last Lee\ncircle create 'Book Club'\n".utf8),
            environment: environment)
        try #require(setUp.status == 0, "\(setUp.errors)")
        let circles = try await KithProcess.run(["circles", "--json"], environment: environment)
        let names = try #require(
            try JSONSerialization.jsonObject(with: Data(circles.output.utf8)) as? [[String: Any]]
        ).compactMap { $0["name"] as? String }
        try #require(names.contains("Book Club"))
        let before = try Data(contentsOf: URL(fileURLWithPath: database))

        let run = try await bash(
            complete + """

                complete -p kith
                complete_line 'kith circle sh'
                complete_line 'kith circle show '
                complete_line 'kith --pro'
                complete_line 'kith --product '
                complete_line 'kith circle show Bo'
                """)
        #expect(run.status == 0, "\(run.errors)")
        let blocks = run.output.components(separatedBy: "--\n").map { $0.split(separator: "\n").map(String.init) }
        try #require(blocks.count == 6, "\(run.output)")
        #expect(blocks[0].first?.hasPrefix("complete ") == true && blocks[0].first?.hasSuffix(" kith") == true)
        #expect(blocks[0].dropFirst() == ["show"])
        // Every circle of the account, escaped for the line as bash does (`Book\ Club`).
        let escaped = names.map { $0.replacingOccurrences(of: " ", with: "\\ ") }
        #expect(Set(blocks[1]) == Set(escaped), "\(blocks[1])")
        #expect(blocks[2] == ["--product"])
        #expect(blocks[3] == ["all", "compass", "movienight", "rin"])
        #expect(blocks[4] == ["Book\\ Club"])
        // Completion only looks: the file is exactly as it was.
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
    }

    @Test func theHiddenModeCreatesNoDatabaseAndPrintsNoErrors() async throws {
        let missing = folder + "/nowhere/kith.sqlite"
        let values = try await KithProcess.run(["__complete", "--db", missing, "circle", "show", ""])
        #expect(values.status == 0)
        #expect(values.output.isEmpty && values.errors.isEmpty)
        let commands = try await KithProcess.run(["__complete", "--db", missing, "circle", ""])
        #expect(commands.output.split(separator: "\n").contains("show"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/nowhere"))
    }

    @Test func zshAndFishScriptsParseWhereThoseShellsAreInstalled() async throws {
        for (shell, check) in [("zsh", "zsh -n"), ("fish", "fish -n")] {
            let installed = try await KithProcess.shell("command -v \(shell)")
            guard installed.status == 0 else { continue }
            let path = folder + "/kith.\(shell)"
            let generated = try await KithProcess.run(["completion", shell])
            try generated.output.write(toFile: path, atomically: true, encoding: .utf8)
            let parsed = try await KithProcess.shell("\(check) '\(path)'")
            #expect(parsed.status == 0, "\(shell): \(parsed.errors)")
        }
    }
}
