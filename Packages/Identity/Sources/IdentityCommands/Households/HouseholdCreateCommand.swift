import Accounts
import Console
import Identity
import IdentityWire

/// `household create NAME`: create a household you own and make it active.
enum HouseholdCreateCommand {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "household create", summary: "Create a household (you own it; it becomes active)",
            arguments: [Argument("NAME", "the household's name")]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let household = try await service.createHousehold(principal, name: arguments.argument("NAME"))
            return .value(
                HouseholdJSON(household),
                text: "Created \(context.style.bold(household.name)); it is now your active household.")
        }
    }
}
