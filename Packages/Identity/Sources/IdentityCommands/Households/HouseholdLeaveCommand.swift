import Accounts
import Console
import Identity

/// `household leave HOUSEHOLD`: leave one of your households (not one you own).
enum HouseholdLeaveCommand {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "household leave", summary: "Leave one of your households (its owner cannot)",
            arguments: [Argument("HOUSEHOLD", "a household's id or name", completion: "household")]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let reference = arguments.argument("HOUSEHOLD")
            // Only for the sentence; the service resolves the reference itself and decides.
            let name = (try? await service.households(principal)).flatMap { households in
                try? ReferenceResolver.resolve(reference, in: households, kind: .household, id: \.id, name: \.name).name
            }
            try await service.leaveHousehold(principal, reference)
            return .message("You left \(context.style.bold(name ?? reference)).")
        }
    }
}
