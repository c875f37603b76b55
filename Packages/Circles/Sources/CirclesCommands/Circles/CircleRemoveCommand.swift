import Accounts
import Circles
import CirclesWire
import Console

/// `circle remove CIRCLE CONTACT...`: all or none; the contacts stay in your contacts.
enum CircleRemoveCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "circle remove", summary: "Remove contacts from a circle (they stay in your contacts)",
            arguments: [
                CirclesArguments.circle,
                CirclesArguments.contacts,
            ]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let detail = try await service.removeMembers(
                principal, circle: arguments.argument("CIRCLE"), contacts: arguments.arguments("CONTACT"))
            return .value(CircleDetailJSON(detail), text: CirclesText.nowHas(detail, style: context.style))
        }
    }
}
