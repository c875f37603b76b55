import Circles
import Console
import Identity

/// `access set FIELD CIRCLE allow|deny|ask`: stages one cell.
enum AccessSetCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "access set", summary: "Stage one cell of the matrix (then `access save`)",
            arguments: [
                CirclesArguments.field,
                CirclesArguments.circle,
                Argument("ACCESS", "what the circle gets", choices: Access.allCases.map(\.rawValue)),
            ],
            options: [AccessCommand.profileOption]
        ) { arguments, context in
            let field = try CirclesText.field(arguments.argument("FIELD"))
            let access = try arguments.choice(arguments.argument("ACCESS"), as: Access.self, label: "ACCESS") ?? .deny
            let principal = try await principals.requirePrincipal()
            let circle = arguments.argument("CIRCLE")
            let matrix = try await service.setAccess(
                principal, profile: arguments.option("profile"), field: field, circle: circle, access: access)
            let name = AccessCommand.circleName(circle, in: matrix)
            return try await AccessCommand.output(
                matrix, headline: "Staged: \(field.rawValue) for \(name) → \(access.symbol) \(access.rawValue).",
                service: service, principal: principal, context: context)
        }
    }
}
