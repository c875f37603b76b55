import Accounts
import Console
import Identity
import IdentityWire

/// `household use HOUSEHOLD`: choose the active household.
enum HouseholdUseCommand {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "household use", summary: "Make one of your households the active one",
            arguments: [Argument("HOUSEHOLD", "a household's id or name", completion: "household")]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let household = try await service.useHousehold(principal, arguments.argument("HOUSEHOLD"))
            return .value(HouseholdJSON(household), text: "Now using \(context.style.bold(household.name)).")
        }
    }
}
