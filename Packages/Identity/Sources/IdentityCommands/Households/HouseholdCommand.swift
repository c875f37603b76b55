import Accounts
import Console
import Identity
import IdentityWire

/// `household`: the active household and its members.
enum HouseholdCommand {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command("household", summary: "Show your active household and its members") { _, context in
            let principal = try await principals.requirePrincipal()
            let household = try await service.requireActiveHousehold(principal)
            return .value(HouseholdJSON(household), text: IdentityText.household(household, style: context.style))
        }
    }
}
