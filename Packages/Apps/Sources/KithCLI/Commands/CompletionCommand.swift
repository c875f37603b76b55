import Console

/// `completion bash|zsh|fish`: the script that completes kith's commands in the user's own shell.
enum CompletionCommand {
    static func command(program: String) -> Command {
        Command(
            "completion", summary: "Print the script that completes kith's commands in bash, zsh or fish",
            arguments: [
                Argument("SHELL", "the shell to complete in", choices: CompletionScript.allCases.map(\.rawValue))
            ],
            details: "Save the script where your shell loads completions and open a new shell (the README shows "
                + "where, for each shell), or add `source <(kith completion bash)` to ~/.bashrc. On TAB the script "
                + "asks kith itself, so it completes the same live names as the REPL and never goes stale."
        ) { arguments, _ in
            let shell = CompletionScript(rawValue: arguments.argument("SHELL").lowercased()) ?? .bash
            return .message(shell.text(program: program, hiddenCommand: CompletionMode.hiddenCommand))
        }
    }
}
