/// The completion script of a program for the user's own shell (as `gh completion` prints them).
///
/// The scripts hold no command names: on TAB they run the program itself as `PROGRAM HIDDEN WORD... CURRENT`
/// (the words typed after the program, the word under the cursor last, empty at a new word), which prints the
/// candidates one a line, unquoted, already matched to the current word. So the script never goes stale, and
/// completes the same live values as the REPL. When nothing is printed, bash and zsh complete file names.
public enum CompletionScript: String, CaseIterable, Sendable {
    case bash
    case zsh
    case fish

    /// The script for `program`, whose hidden completion mode is the word `hiddenCommand`.
    public func text(program: String, hiddenCommand: String) -> String {
        let function = "_" + program.map { $0.isLetter || $0.isNumber ? $0 : "_" }.map(String.init).joined()
        switch self {
        case .bash:
            return """
                # bash completion for \(program), printed by `\(program) completion bash`.
                \(function)() {
                    local IFS=$'\\n' candidate
                    local -a candidates
                    candidates=($("${COMP_WORDS[0]}" \(hiddenCommand) "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
                    COMPREPLY=()
                    for candidate in "${candidates[@]}"; do
                        COMPREPLY+=("$(printf '%q' "$candidate")")
                    done
                }
                complete -o default -F \(function) \(program)

                """
        case .zsh:
            return """
                #compdef \(program)
                # zsh completion for \(program), printed by `\(program) completion zsh`.
                \(function)() {
                    local -a candidates
                    candidates=("${(@f)$(${words[1]} \(hiddenCommand) "${(@)words[2,CURRENT]}" 2>/dev/null)}")
                    candidates=(${candidates:#})
                    if (( ${#candidates} )); then
                        compadd -U -- "${candidates[@]}"
                    else
                        _files
                    fi
                }
                if [[ "${funcstack[1]}" == "\(function)" ]]; then
                    \(function) "$@"
                else
                    compdef \(function) \(program)
                fi

                """
        case .fish:
            return """
                # fish completion for \(program), printed by `\(program) completion fish`.
                function __\(function)_candidates
                    set -l words (commandline -opc)
                    $words[1] \(hiddenCommand) $words[2..-1] (commandline -ct) 2>/dev/null
                end
                complete -c \(program) -f -a '(__\(function)_candidates)'

                """
        }
    }
}
