import Circles
import Console
import Identity

/// `access reset`: stages the defaults for every cell.
enum AccessResetCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "access reset", summary: "Stage the default access for every cell", options: [AccessCommand.profileOption]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let matrix = try await service.resetAccess(principal, profile: arguments.option("profile"))
            return try await AccessCommand.output(
                matrix, headline: "Staged: every cell back to its default.", service: service, principal: principal,
                context: context)
        }
    }
}
