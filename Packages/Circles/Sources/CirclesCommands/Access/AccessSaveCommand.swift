import Circles
import Console
import Identity

/// `access save`: applies every staged edit at once.
enum AccessSaveCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "access save", summary: "Apply every staged access edit at once", options: [AccessCommand.profileOption]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let matrix = try await service.saveAccess(principal, profile: arguments.option("profile"))
            return try await AccessCommand.output(
                matrix, headline: context.style.success("Saved.") + " Your access changes apply now.",
                service: service, principal: principal, context: context)
        }
    }
}
