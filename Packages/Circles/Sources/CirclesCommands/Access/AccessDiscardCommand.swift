import Circles
import Console
import Identity

/// `access discard`: drops the staged edits.
enum AccessDiscardCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "access discard", summary: "Drop the staged access edits", options: [AccessCommand.profileOption]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let matrix = try await service.discardAccess(principal, profile: arguments.option("profile"))
            return try await AccessCommand.output(
                matrix, headline: "Discarded the staged access changes.", service: service, principal: principal,
                context: context)
        }
    }
}
