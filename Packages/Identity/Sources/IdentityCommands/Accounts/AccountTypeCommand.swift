import Accounts
import Console
import Identity
import IdentityWire

/// `account-type private|corporate`: change the current account's type (the switcher's badge).
enum AccountTypeCommand {
    static func make(
        service: any IdentityService, principals: any PrincipalSource, personas: (any PersonaSource)?
    ) -> Command {
        Command(
            "account-type", summary: "Make your account private or corporate",
            arguments: [Argument("TYPE", "private or corporate", choices: types)]
        ) { arguments, context in
            let type =
                try arguments.choice(arguments.argument("TYPE"), as: AccountType.self, label: "TYPE") ?? .private
            let principal = try await principals.requirePrincipal()
            let account = try await service.changeAccountType(principal, to: type)
            return .value(
                await MeJSON.whoami(account, principal: principal, personas: personas),
                text: "Your account is now \(context.style.bold(IdentityText.label(account.accountType))).")
        }
    }

    static let types = AccountType.allCases.map(\.rawValue)
}
