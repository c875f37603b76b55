import Accounts
import Console
import Device
import Identity

/// `accounts switch EMAIL`: silent with a live session, else asks for the password (or runs the Google sign-in), or
/// with `--passkey` that account's passkey in a browser.
enum AccountsSwitchCommand {
    static func make(
        device: ThisDevice, service: any IdentityService, principals: any PrincipalSource,
        signIn: ProviderSignInRunner, passkeys: PasskeyRunner, exitLock: ExitLock?
    ) -> Command {
        Command(
            "accounts switch", summary: "Switch to a saved account",
            arguments: [Argument("EMAIL", "a saved account's email", completion: "savedAccount")],
            options: PasswordInput.options + [
                SecondStepInput.option,
                Option("passkey", "sign in with that account's passkey in a browser, if its session has ended"),
            ] + ExitPinInput.options,
            details: """
                Silent while that account's session is live; otherwise its password is needed, or for a Google or
                Apple account its sign-in again, which must give the same account; or with --passkey, a passkey of
                that account, in a browser as `login --passkey` does.
                """
        ) { arguments, context in
            let email = arguments.argument("EMAIL")
            let first = try await ExitPinInput.unlocking(exitLock, principals, arguments, context) {
                try await device.switchAccount(to: email, password: nil)
            }
            let usesPasskey = arguments.flag("passkey")
            switch first {
            case .switched(let account):
                return .message("Switched to \(account.email)")
            case .alreadyCurrent(let account):
                return .message("Already using \(account.email)")
            case .passwordRequired where usesPasskey, .providerSignInRequired where usesPasskey:
                let outcome = try await passkeys.get(context) {
                    try await service.passkeySignInOptions(clientAddress: nil)
                } finish: { credential in
                    try await device.switchAccount(to: email, passkey: credential)
                }
                return .message(outcome.description)
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
