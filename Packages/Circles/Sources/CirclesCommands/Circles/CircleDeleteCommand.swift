import Accounts
import Circles
import CirclesWire
import Console

/// `circle delete CIRCLE [--move-to OTHER]`: asks first; the contacts stay, or move to OTHER first.
enum CircleDeleteCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "circle delete", summary: "Delete a custom circle; its contacts stay (asks first)",
            arguments: [CirclesArguments.circle],
            options: [Option("move-to", value: "OTHER", "first move the members to this circle", completion: "circle")]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let circles = try await service.circles(principal)
            let circle = try ReferenceResolver.resolve(
                arguments.argument("CIRCLE"), in: circles, kind: .circle, id: \.id, name: \.name)
            let moveTo = arguments.option("move-to")
            if let moveTo {
                let other = try ReferenceResolver.resolve(moveTo, in: circles, kind: .circle, id: \.id, name: \.name)
                try context.confirm("Move the members of \(circle.name) to \(other.name), then delete \(circle.name)?")
            } else {
                try context.confirm("Delete the circle \(circle.name)? Its contacts stay in your contacts.")
            }
            let deleted = try await service.deleteCircle(principal, circle.id, moveTo: moveTo)
            return .value(
                CircleJSON(deleted), text: "Deleted \(context.style.bold(deleted.emoji + " " + deleted.name)).")
        }
    }
}
