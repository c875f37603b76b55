import Accounts
import Console
import Identity
import IdentityWire

/// `name --first NAME --last NAME`: change the current account's name.
enum NameCommand {
    static func make(
        service: any IdentityService, principals: any PrincipalSource, personas: (any PersonaSource)?
    ) -> Command {
        Command(
            "name", summary: "Change your first and last name",
            options: [
                Option("first", value: "NAME", "first name", required: true),
                Option("last", value: "NAME", "last name", required: true),
            ]
        ) { arguments, context in
            let first = arguments.option("first") ?? ""
            let last = arguments.option("last") ?? ""
            let principal = try await principals.requirePrincipal()
            let account = try await service.changeName(principal, firstName: first, lastName: last)
            return .value(
                await MeJSON.whoami(account, principal: principal, personas: personas),
                text: "Your name is now \(context.style.bold(account.displayName)).")
        }
    }
}
