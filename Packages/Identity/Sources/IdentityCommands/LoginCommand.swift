import Console
import Identity
import IdentityWire

/// `login EMAIL`: sign in on this device, adding or refreshing its saved entry.
enum LoginCommand {
    static func make(
        service: any IdentityService, principals: any PrincipalSource, personas: (any PersonaSource)?
    ) -> Command {
        Command(
            "login", summary: "Sign in on this device (the account is saved for switching)",
            arguments: [Argument("EMAIL", "the account's email", completion: "savedAccount")],
            options: PasswordInput.options,
            details: "The password is asked for at a terminal, else read from --password-file or KITH_PASSWORD."
        ) { arguments, context in
            let password = try PasswordInput.password(arguments, context)
            let account = try await service.logIn(email: arguments.argument("EMAIL"), password: password)
            let principal = try await principals.currentPrincipal()
            let text = "Signed in as \(context.style.bold(account.displayName)) (\(account.email))."
            return .value(await MeJSON.whoami(account, principal: principal, personas: personas), text: text)
        }
    }
}
