import Accounts
import Circles
import CirclesWire
import Console

/// `shadow delete PROFILE`: asks first; removes the shadow with its matrix, grants and requests.
enum ShadowDeleteCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "shadow delete", summary: "Delete a shadow with its access matrix, grants and requests (asks first)",
            arguments: [CirclesArguments.shadow]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let shadow = try await service.profile(principal, arguments.argument("PROFILE"))
            try context.confirm("Delete the shadow \(shadow.displayName) with its access matrix, grants and requests?")
            let deleted = try await service.deleteShadow(principal, shadow.id)
            return .value(
                CirclesProfileJSON(deleted), text: "Deleted the shadow \(context.style.bold(deleted.displayName)).")
        }
    }
}
