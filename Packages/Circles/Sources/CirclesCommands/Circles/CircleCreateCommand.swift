import Accounts
import Circles
import CirclesWire
import Console

/// `circle create NAME [--emoji E] [--color C]`.
enum CircleCreateCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "circle create", summary: "Create a custom circle",
            arguments: [Argument("NAME", "1-\(CirclesLimits.circleNameMax) characters, unique among your circles")],
            options: [
                Option("emoji", value: "E", "one emoji (default ⭕)"),
                Option(
                    "color", value: "C", "red, orange, yellow, green, teal, blue, indigo, purple, pink or gray",
                    completion: "color"),
            ]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let circle = try await service.createCircle(
                principal, name: arguments.argument("NAME"), emoji: arguments.option("emoji"),
                color: arguments.option("color"))
            return .value(
                CircleJSON(circle),
                text: "Created \(context.style.bold(circle.emoji + " " + circle.name)). "
                    + context.style.dim("Add members: `circle add \(CirclesText.quoted(circle.name)) CONTACT...`"))
        }
    }
}
