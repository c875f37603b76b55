import Accounts
import Circles
import CirclesWire
import Console

/// `circle add CIRCLE CONTACT...`: all or none; each contact already in the circle is named ("NAME is already in
/// CIRCLE"), and a line that adds nobody says only that.
enum CircleAddCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "circle add", summary: "Add contacts to a circle",
            arguments: [
                CirclesArguments.circle,
                CirclesArguments.contacts,
            ]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let detail = try await service.addMembers(
                principal, circle: arguments.argument("CIRCLE"), contacts: arguments.arguments("CONTACT"))
            let names = Dictionary(detail.members.map { ($0.id, $0.displayName) }) { first, _ in first }
            var lines = detail.alreadyMembers.map { "\(names[$0] ?? $0) is already in \(detail.circle.name)" }
            // Someone was added unless every contact named was in already.
            if Set(arguments.arguments("CONTACT")).count > detail.alreadyMembers.count {
                lines.append(CirclesText.nowHas(detail, style: context.style))
            }
            return .value(CircleDetailJSON(added: detail), text: lines.joined(separator: "\n"))
        }
    }
}
