import Console
import Identity

/// `accounts switch EMAIL`: silent with a live session, else asks for the password (or runs the Google sign-in).
enum AccountsSwitchCommand {
    static func make(
        device: ThisDevice, principals: any PrincipalSource, signIn: ProviderSignInRunner, exitLock: ExitLock?
    ) -> Command {
        Command(
            "accounts switch", summary: "Switch to a saved account",
            arguments: [Argument("EMAIL", "a saved account's email", completion: "savedAccount")],
            options: PasswordInput.options + [SecondStepInput.option] + ExitPinInput.options,
            details: """
                Silent while that account's session is live; otherwise its password is needed, or for a Google or
                Apple account its sign-in again, which must give the same account.
                """
        ) { arguments, context in
            let email = arguments.argument("EMAIL")
            let first = try await ExitPinInput.unlocking(exitLock, principals, arguments, context) {
                try await device.switchAccount(to: email, password: nil)
            }
            switch first {
            case .switched(let account):
                return .message("Switched to \(account.email)")
            case .alreadyCurrent(let account):
                return .message("Already using \(account.email)")
            case .passwordRequired(let account):
                let prompt = "Sign in as \(account.displayName) (\(account.email)). Password: "
                let password = try PasswordInput.password(arguments, context, prompt: prompt)
                return try await SecondStepInput.signingIn(
                    arguments, context, device: device, expectedAccountId: account.accountId
                ) {
                    .message(try await device.switchAccount(to: account.email, password: password).description)
                } finished: {
                    .message("Switched to \($0.email)")
                }
            case .providerSignInRequired(let account, let provider):
                let request = try await signIn.run(provider, context)
                let outcome = try await device.switchAccount(to: account.email, with: request)
                return .message(outcome.description)
            }
        }
    }
}
