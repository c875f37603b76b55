import Circles
import Console
import Identity

/// `access allow-all CIRCLE`: stages allow for every field of a circle.
enum AccessAllowAllCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "access allow-all", summary: "Stage allow for every field of a circle",
            arguments: [CirclesArguments.circle],
            options: [AccessCommand.profileOption]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let circle = arguments.argument("CIRCLE")
            let matrix = try await service.allowAll(principal, profile: arguments.option("profile"), circle: circle)
            return try await AccessCommand.output(
                matrix, headline: "Staged: every field allowed for \(AccessCommand.circleName(circle, in: matrix)).",
                service: service, principal: principal, context: context)
        }
    }
}
