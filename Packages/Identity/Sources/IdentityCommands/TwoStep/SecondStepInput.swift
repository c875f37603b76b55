import Accounts
import Console
import Device
import TwoStep

/// The code of two-step sign-in: `--code CODE`, else asked for at a terminal with DOMAIN.md's prompt.
enum SecondStepInput {
    static let option = Option(
        "code", value: "CODE",
        "the \(TOTP.digits)-digit code from your authenticator app, or a recovery code (two-step sign-in)")

    static let missing = UsageError(
        "This account uses two-step sign-in: give --code CODE (from your authenticator app, or a recovery code)")

    /// The code given or typed; `prompt` defaults to the sign-in's sentence.
    static func code(
        _ arguments: ParsedArguments, _ context: CommandContext,
        prompt: String = IdentityError.secondFactorRequired(challenge: "").description
    ) throws -> String {
        if let code = arguments.option("code") { return code }
        guard context.interaction.canAsk, let typed = context.interaction.ask(prompt + " ") else { throw missing }
        return typed.trimmingWhitespace()
    }

    /// Runs `signIn`, a password sign-in on this device; when the account's two-step sign-in asks for a code, finishes
    /// it with the code (`expectedAccountId`: a switch keeps only a session of that account).
    static func signingIn<T>(
        _ arguments: ParsedArguments, _ context: CommandContext, device: ThisDevice, expectedAccountId: String? = nil,
        _ signIn: () async throws -> T, finished: (Account) -> T
    ) async throws -> T {
        do {
            return try await signIn()
        } catch IdentityError.secondFactorRequired(let challenge) {
            let code = try code(arguments, context)
            return finished(
                try await device.logIn(challenge: challenge, code: code, expectedAccountId: expectedAccountId))
        }
    }
}
