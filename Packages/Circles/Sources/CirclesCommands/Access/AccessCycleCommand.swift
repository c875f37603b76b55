import Circles
import Console
import Identity

/// `access cycle FIELD CIRCLE`: stages the next value of a cell (allow → deny → ask → allow).
enum AccessCycleCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "access cycle", summary: "Stage the next value of a cell: allow → deny → ask → allow",
            arguments: [
                CirclesArguments.field,
                CirclesArguments.circle,
            ],
            options: [AccessCommand.profileOption]
        ) { arguments, context in
            let field = try CirclesText.field(arguments.argument("FIELD"))
            let principal = try await principals.requirePrincipal()
            let circle = arguments.argument("CIRCLE")
            let matrix = try await service.cycleAccess(
                principal, profile: arguments.option("profile"), field: field, circle: circle)
            let name = AccessCommand.circleName(circle, in: matrix)
            let now = matrix.circles.first { $0.name == name }.flatMap { matrix.access(field, $0.id) }
            let shown = now.map { " → \($0.symbol) \($0.rawValue)" } ?? ""
            return try await AccessCommand.output(
                matrix, headline: "Staged: \(field.rawValue) for \(name)\(shown).", service: service,
                principal: principal, context: context)
        }
    }
}
