import Accounts
import Circles
import CirclesWire
import Console

/// `circle merge FROM INTO`: asks first; FROM's members move into INTO and FROM is deleted.
enum CircleMergeCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "circle merge", summary: "Move FROM's members into INTO and delete FROM (asks first)",
            arguments: [
                Argument("FROM", "the custom circle to merge away", completion: "circle"),
                Argument("INTO", "the circle that receives the members", completion: "circle"),
            ]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let circles = try await service.circles(principal)
            let from = try ReferenceResolver.resolve(
                arguments.argument("FROM"), in: circles, kind: .circle, id: \.id, name: \.name)
            let into = try ReferenceResolver.resolve(
                arguments.argument("INTO"), in: circles, kind: .circle, id: \.id, name: \.name)
            try context.confirm("Merge \(from.name) into \(into.name)? Its members move and \(from.name) is deleted.")
            let merged = try await service.mergeCircles(principal, from: from.id, into: into.id)
            return .value(
                CircleJSON(merged),
                text: "Merged \(from.name) into \(context.style.bold(merged.emoji + " " + merged.name)): "
                    + CirclesText.plural(merged.memberCount ?? 0, "member") + ".")
        }
    }
}
