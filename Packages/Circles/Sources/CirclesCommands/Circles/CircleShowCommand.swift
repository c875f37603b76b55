import Accounts
import Circles
import CirclesWire
import Console

/// `circle show CIRCLE [--search TEXT]`: Circle Detail (members, the active persona's access summary, pending requests).
enum CircleShowCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "circle show", summary: "A circle's members, access summary and pending requests",
            arguments: [CirclesArguments.circle],
            options: [Option("search", value: "TEXT", "only members whose name, email or phone contains TEXT")]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let detail = try await service.circle(
                principal, arguments.argument("CIRCLE"), search: arguments.option("search"))
            let personas = context.json ? [] : try await service.personas(principal)
            return .value(
                CircleDetailJSON(detail), text: CirclesText.detail(detail, personas: personas, style: context.style))
        }
    }
}
