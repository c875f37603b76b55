import Accounts
import Console
import Device
import Identity
import IdentityWire

/// `login EMAIL` (password), `login --google` / `--apple`, or `login --passkey`: sign in on this device, adding or
/// refreshing its saved entry.
enum LoginCommand {
    static func make(
        service: any IdentityService, device: ThisDevice, principals: any PrincipalSource,
        personas: (any PersonaSource)?, signIn: ProviderSignInRunner, passkeys: PasskeyRunner
    ) -> Command {
        Command(
            "login", summary: "Sign in on this device (the account is saved for switching)",
            arguments: [Argument("EMAIL", "the account's email", count: .optional, completion: "savedAccount")],
            options: PasswordInput.options + [
                SecondStepInput.option,
                Option("google", "sign in with Google in a browser"),
                Option("apple", "sign in with Apple in a browser"),
                Option("passkey", "sign in with a passkey in a browser (the passkey says which account)"),
                Option("first", value: "NAME", "first name of a new Google or Apple account"),
                Option("last", value: "NAME", "last name of a new Google or Apple account"),
            ],
            details: """
                The password is asked for at a terminal, else read from --password-file or KITH_PASSWORD.
                With two-step sign-in on, the code is asked for next (or given with --code).
                --google / --apple open the provider's sign-in (KITH_GOOGLE_CLIENT_ID, KITH_GOOGLE_ISSUER...).
                --passkey: \(PasskeyRunner.details)
                """
        ) { arguments, context in
            let account: Account
            // The provider whose sign-in made the account now, if it did.
            var createdWith: IdentityProvider?
            if try usesPasskey(arguments) {
                account = try await passkeys.get(context) {
                    try await service.passkeySignInOptions(clientAddress: nil)
                } finish: { credential in
                    try await device.logIn(passkey: credential)
                }
            } else if let provider = try provider(arguments) {
                let request = try await signIn.run(
                    provider, context, firstName: arguments.option("first"), lastName: arguments.option("last"))
                let logIn = try await device.logIn(with: request)
                account = logIn.account
                createdWith = logIn.created ? provider : nil
            } else {
                guard let email = arguments.optionalArgument("EMAIL") else {
                    throw UsageError("login needs an EMAIL, --google, --apple or --passkey")
                }
                let password = try PasswordInput.password(arguments, context)
                account = try await SecondStepInput.signingIn(arguments, context, device: device) {
                    try await device.logIn(email: email, password: password)
                } finished: {
                    $0
                }
            }
            let principal = try await principals.currentPrincipal()
            let signedIn = "Signed in as \(context.style.bold(account.displayName)) (\(account.email))."
            let text = createdWith.map { "Account created with \($0.displayName). " + signedIn } ?? signedIn
            let me = await MeJSON.whoami(account, principal: principal, personas: personas)
            return .value(LoginJSON(me: me, created: createdWith != nil), text: text)
        }
    }

    /// Whether `--passkey` was given; an email or a provider beside it cannot be run.
    static func usesPasskey(_ arguments: ParsedArguments) throws -> Bool {
        guard arguments.flag("passkey") else { return false }
        guard IdentityProvider.allCases.allSatisfy({ !arguments.flag($0.rawValue) }) else {
            throw UsageError("Choose one of --google, --apple and --passkey")
        }
        guard arguments.optionalArgument("EMAIL") == nil else {
            throw UsageError("login --passkey takes no EMAIL: the passkey says who you are")
        }
        return true
    }

    /// The provider flag given, if any; an email beside it, or both flags, cannot be run.
    static func provider(_ arguments: ParsedArguments) throws -> IdentityProvider? {
        let chosen = IdentityProvider.allCases.filter { arguments.flag($0.rawValue) }
        guard chosen.count <= 1 else { throw UsageError("Choose one of --google and --apple") }
        guard let provider = chosen.first else { return nil }
        guard arguments.optionalArgument("EMAIL") == nil else {
            throw UsageError("login --\(provider.rawValue) takes no EMAIL: the provider says who you are")
        }
        return provider
    }
}
