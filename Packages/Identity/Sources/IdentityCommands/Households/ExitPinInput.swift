import Accounts
import Console
import Device
import Households

/// Where exit PINs come from, as passwords do (`PasswordInput`): `--pin-file PATH` (`-` = standard input), then
/// `KITH_PIN`, then a prompt without echo on a terminal. A PIN never goes into output, a warning or an error.
public enum ExitPinInput {
    /// The option of every command that may need a PIN.
    public static let options: [Option] = [
        Option("pin-file", value: "PATH", "read the PIN from the first line of PATH (- = standard input)")
    ]

    static let environmentVariable = "KITH_PIN"

    static let missing = UsageError("A PIN is needed: type it at a terminal, or use --pin-file PATH or KITH_PIN")

    /// The PIN that leaves a locked member, or nil when there is none to be had (no source, no terminal).
    public static func pin(_ arguments: ParsedArguments, _ context: CommandContext, for name: String) throws -> String?
    {
        if let given = try given(arguments, context) { return given }
        guard context.interaction.canAsk else { return nil }
        guard let typed = context.askSecret("PIN to leave \(name): ") else { throw cancelled }
        return typed
    }

    /// "4-8": how many digits a PIN has (`ExitPinRules`), as the prompts and help say it.
    static let lengths = "\(ExitPinRules.minLength)-\(ExitPinRules.maxLength)"

    /// A new PIN: given, or typed twice on a terminal (the two must match).
    static func newPin(_ arguments: ParsedArguments, _ context: CommandContext) throws -> String {
        if let given = try given(arguments, context) { return given }
        guard context.interaction.canAsk else { throw missing }
        return try PasswordInput.typedTwice(
            context, "New PIN (\(lengths) digits): ", "Repeat the PIN: ",
            cancelled: cancelled,
            mismatch: PasswordInputError("The PINs do not match: nothing changed."))
    }

    /// Runs `body`; when the device's exit lock refuses it, asks for the PIN, leaves the lock with it, and runs
    /// `body` once more. Without a PIN to be had, the refusal stands.
    public static func unlocking<T>(
        _ exitLock: ExitLock?, _ principals: any PrincipalSource, _ arguments: ParsedArguments,
        _ context: CommandContext, _ body: () async throws -> T
    ) async throws -> T {
        do {
            return try await body()
        } catch IdentityError.exitLocked(let name) {
            guard let exitLock, let pin = try pin(arguments, context, for: name) else {
                throw IdentityError.exitLocked(name)
            }
            try await exitLock.leave(try await principals.currentPrincipal(), pin: pin)
            return try await body()
        }
    }

    private static let cancelled = PasswordInputError("No PIN was typed: nothing changed.")

    private static func given(_ arguments: ParsedArguments, _ context: CommandContext) throws -> String? {
        try PasswordInput.given(
            arguments, context, fileOption: "pin-file", valueOption: nil, variable: environmentVariable, secret: "PIN")
    }
}
