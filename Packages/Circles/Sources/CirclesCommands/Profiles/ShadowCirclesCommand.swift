import Accounts
import Circles
import CirclesWire
import Console

/// `shadow circles PROFILE A,B`: replaces the circles a shadow is shown to ("" for none).
enum ShadowCirclesCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "shadow circles", summary: "Set the circles a shadow is shown to",
            arguments: [
                CirclesArguments.shadow,
                Argument("CIRCLES", "A,B: circle names or ids, comma-separated (\"\" for none)", completion: "circle"),
            ]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let shadow = try await service.setShadowCircles(
                principal, arguments.argument("PROFILE"), circles: CirclesText.list(arguments.argument("CIRCLES")))
            let names = try await service.circles(principal).filter { shadow.shownToCircleIds.contains($0.id) }
            let shown = names.isEmpty ? "nobody" : names.map(\.name).joined(separator: ", ")
            return .value(
                CirclesProfileJSON(shadow), text: "\(context.style.bold(shadow.displayName)) is shown to \(shown).")
        }
    }
}
