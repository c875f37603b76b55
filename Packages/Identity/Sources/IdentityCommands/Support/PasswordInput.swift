import Console
import Foundation

/// Where `signup`, `login`, `accounts switch` and `password` get passwords from, in this order:
/// `--password-file PATH` (`-` = standard input), `--password VALUE` (with a warning), an environment
/// variable, then a prompt without echo on a terminal.
///
/// Nothing here ever puts a password into output, a warning or an error.
enum PasswordInput {
    /// The options of the current password (`signup`, `login`, `accounts switch`, `password`).
    static let options: [Option] = [
        Option("password-file", value: "PATH", "read the password from the first line of PATH (- = standard input)"),
        Option("password", value: "VALUE", "the password itself (visible to other users: prefer --password-file)"),
    ]

    /// The options of the new password (`password`).
    static let newOptions: [Option] = [
        Option("new-password-file", value: "PATH", "read the new password from the first line of PATH (- = stdin)"),
        Option("new-password", value: "VALUE", "the new password itself (visible to other users)"),
    ]

    static let environmentVariable = "KITH_PASSWORD"
    static let newEnvironmentVariable = "KITH_NEW_PASSWORD"

    static let missing = UsageError(
        "A password is needed: type it at a terminal, or use --password-file PATH or KITH_PASSWORD")
    static let newMissing = UsageError(
        "A new password is needed: type it at a terminal, or use --new-password-file PATH or KITH_NEW_PASSWORD")

    // MARK: - Sources

    /// The (current) password: `--password-file`, `--password`, `KITH_PASSWORD`, then `prompt` on a terminal.
    static func password(
        _ arguments: ParsedArguments, _ context: CommandContext, prompt: String = "Password: "
    ) throws -> String {
        if let value = try given(
            arguments, context, fileOption: "password-file", valueOption: "password",
            variable: environmentVariable)
        {
            return value
        }
        guard context.interaction.canAsk else { throw missing }
        guard let typed = context.askSecret(prompt) else { throw PasswordInputError.cancelled }
        return typed
    }

    /// A password being chosen (`signup`): `--password-file`, `--password`, `KITH_PASSWORD`, then two prompts on a
    /// terminal that must match, as for `password`'s new one, so a typo cannot make an account nobody can enter.
    static func chosenPassword(_ arguments: ParsedArguments, _ context: CommandContext) throws -> String {
        if let value = try given(
            arguments, context, fileOption: "password-file", valueOption: "password", variable: environmentVariable)
        {
            return value
        }
        guard context.interaction.canAsk else { throw missing }
        return try typedTwice(context, "Password: ", "Repeat the password: ")
    }

    /// The new password of `password`: `--new-password-file`, `--new-password`, `KITH_NEW_PASSWORD`, then two
    /// prompts on a terminal that must match.
    static func newPassword(_ arguments: ParsedArguments, _ context: CommandContext) throws -> String {
        if let value = try given(
            arguments, context, fileOption: "new-password-file", valueOption: "new-password",
            variable: newEnvironmentVariable)
        {
            return value
        }
        guard context.interaction.canAsk else { throw newMissing }
        return try typedTwice(context, "New password: ", "Repeat the new password: ")
    }

    /// A secret typed at `prompt`, then again at `repeatPrompt`: the two must match, so a typo is not what is kept.
    static func typedTwice(
        _ context: CommandContext, _ prompt: String, _ repeatPrompt: String,
        cancelled: PasswordInputError = .cancelled, mismatch: PasswordInputError = .mismatch
    ) throws -> String {
        guard let first = context.askSecret(prompt), let second = context.askSecret(repeatPrompt) else {
            throw cancelled
        }
        guard first == second else { throw mismatch }
        return first
    }

    /// A secret given without a prompt, or nil when none of the non-interactive sources has one (`valueOption` nil:
    /// the secret has no such option; `secret` names it in errors).
    static func given(
        _ arguments: ParsedArguments, _ context: CommandContext, fileOption: String, valueOption: String?,
        variable: String, secret: String = "password"
    ) throws -> String? {
        if let path = arguments.option(fileOption) {
            return try readFirstLine(path, option: fileOption, secret: secret, context: context)
        }
        if let valueOption, let value = arguments.option(valueOption) {
            context.warn(
                "--\(valueOption) is visible to other users of this machine; prefer --\(fileOption) or \(variable)")
            return value
        }
        if let value = context.environment[variable] { return value }
        return nil
    }

    /// The first line of a file (or of standard input for `-`), without its line ending.
    private static func readFirstLine(
        _ path: String, option: String, secret: String, context: CommandContext
    ) throws -> String {
        if path == "-" {
            guard context.standardInputIsFree else {
                throw UsageError(
                    "--\(option) - reads standard input, which only a single command may do; "
                        + "use a file or the environment instead")
            }
            return stripLineEnding(readLine(strippingNewline: true) ?? "")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PasswordInputError("Cannot read the \(secret) file \(path)")
        }
        let text = String(decoding: data, as: UTF8.self)
        let firstLine =
            text.split(maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: \.isNewline).first ?? ""
        return stripLineEnding(String(firstLine))
    }

    private static func stripLineEnding(_ line: String) -> String {
        var line = line
        while let last = line.last, last.isNewline { line.removeLast() }
        return line
    }
}
