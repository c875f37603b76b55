import Accounts
import Console
import Identity
import IdentityWire

/// `household rename NAME`: rename the active household (its owner only).
enum HouseholdRenameCommand {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "household rename", summary: "Rename your active household (owner only)",
            arguments: [Argument("NAME", "the new name")]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let household = try await service.renameHousehold(principal, name: arguments.argument("NAME"))
            return .value(
                HouseholdJSON(household), text: "Renamed the household to \(context.style.bold(household.name)).")
        }
    }
}
