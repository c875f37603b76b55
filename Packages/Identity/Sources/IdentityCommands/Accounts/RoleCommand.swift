import Accounts
import Console
import Identity
import IdentityWire

/// `role player|parent|member`: change the current account's role.
enum RoleCommand {
    static func make(
        service: any IdentityService, principals: any PrincipalSource, personas: (any PersonaSource)?
    ) -> Command {
        Command(
            "role", summary: "Change your role",
            arguments: [Argument("ROLE", "player, parent or member", choices: SignupCommand.roles)]
        ) { arguments, context in
            let role = try arguments.choice(arguments.argument("ROLE"), as: AccountRole.self, label: "ROLE") ?? .member
            let principal = try await principals.requirePrincipal()
            let account = try await service.changeRole(principal, to: role)
            return .value(
                await MeJSON.whoami(account, principal: principal, personas: personas),
                text: "Your role is now \(context.style.bold(account.role.rawValue)).")
        }
    }
}
