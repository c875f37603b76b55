import Accounts
import Console
import Device
import IdentityWire

/// `signup EMAIL --first NAME --last NAME [--role player|parent|member] [--account-type private|corporate]
/// [--claim CODE]`: create an account and sign in; with a claim code the account becomes that managed member.
enum SignupCommand {
    static func make(
        device: ThisDevice, principals: any PrincipalSource, personas: (any PersonaSource)?
    ) -> Command {
        Command(
            "signup", summary: "Create an account and sign in on this device",
            arguments: [Argument("EMAIL", "the new account's email")],
            options: [
                Option("first", value: "NAME", "first name", required: true),
                Option("last", value: "NAME", "last name", required: true),
                Option("role", value: "ROLE", "player, parent or member (default member)", choices: roles),
                Option(
                    "account-type", value: "TYPE", "private or corporate (default private)",
                    choices: AccountTypeCommand.types),
                Option("claim", value: "CODE", "a claim code from `member graduate`: become that member"),
            ] + PasswordInput.options,
            details:
                "The password is asked for twice at a terminal (the two must match), else read from --password-file, "
                + "--password or KITH_PASSWORD."
        ) { arguments, context in
            let first = arguments.option("first") ?? ""
            let last = arguments.option("last") ?? ""
            let role = try arguments.choice(arguments.option("role"), as: AccountRole.self, label: "--role")
            let accountType = try arguments.choice(
                arguments.option("account-type"), as: AccountType.self, label: "--account-type")
            let password = try PasswordInput.chosenPassword(arguments, context)
            let session = try await device.signUpSession(
                SignUp(
                    email: arguments.argument("EMAIL"), firstName: first, lastName: last, password: password,
                    role: role, accountType: accountType, claimCode: arguments.option("claim")))
            let account = session.account
            let principal = try await principals.currentPrincipal()
            var text = "Welcome to Kith, \(context.style.bold(account.firstName)). Signed in as \(account.email)."
            if let email = session.verificationSentTo {
                text += "\n" + VerifyCommand.codeSent(to: email)
            }
            return .value(await MeJSON.whoami(account, principal: principal, personas: personas), text: text)
        }
    }

    static let roles = AccountRole.allCases.map(\.rawValue)
}
