import Accounts
import Circles
import CirclesWire
import Console

/// `circle edit CIRCLE [--name N] [--emoji E] [--color C]`: custom circles only (the domain says so).
enum CircleEditCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "circle edit", summary: "Rename or restyle a custom circle",
            arguments: [CirclesArguments.circle],
            options: [
                Option("name", value: "N", "a new name"),
                Option("emoji", value: "E", "one emoji"),
                Option("color", value: "C", "a colour of the palette", completion: "color"),
            ]
        ) { arguments, context in
            let edit = CircleEdit(
                name: arguments.option("name"), emoji: arguments.option("emoji"), color: arguments.option("color"))
            guard edit != CircleEdit() else { throw UsageError("Nothing to change: give --name, --emoji or --color") }
            let principal = try await principals.requirePrincipal()
            let circle = try await service.editCircle(principal, arguments.argument("CIRCLE"), edit)
            return .value(CircleJSON(circle), text: "Updated \(context.style.bold(circle.emoji + " " + circle.name)).")
        }
    }
}
