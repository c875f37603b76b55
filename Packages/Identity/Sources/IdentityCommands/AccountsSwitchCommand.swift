import Console
import Identity

/// `accounts switch EMAIL`: silent with a live session, else asks for the password.
enum AccountsSwitchCommand {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "accounts switch", summary: "Switch to a saved account",
            arguments: [Argument("EMAIL", "a saved account's email", completion: "savedAccount")],
            options: PasswordInput.options,
            details: "Silent while that account's session is live; otherwise its password is needed."
        ) { arguments, context in
            let email = arguments.argument("EMAIL")
            switch try await service.switchAccount(to: email, password: nil) {
            case .switched(let account):
                return .message("Switched to \(account.email)")
            case .alreadyCurrent(let account):
                return .message("Already using \(account.email)")
            case .passwordRequired(let account):
                let prompt = "Sign in as \(account.displayName) (\(account.email)). Password: "
                let password = try PasswordInput.password(arguments, context, prompt: prompt)
                let outcome = try await service.switchAccount(to: account.email, password: password)
                return .message(outcome.description)
            }
        }
    }
}
