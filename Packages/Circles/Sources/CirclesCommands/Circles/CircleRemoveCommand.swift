import Circles
import CirclesWire
import Console
import Identity

/// `circle remove CIRCLE CONTACT...`: all or none; the contacts stay in your contacts.
enum CircleRemoveCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "circle remove", summary: "Remove contacts from a circle (they stay in your contacts)",
            arguments: [
                Argument("CIRCLE", "a circle's id or name", completion: "circle"),
                Argument("CONTACT", "contacts' ids or names", count: .many, completion: "contact"),
            ]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let detail = try await service.removeMembers(
                principal, circle: arguments.argument("CIRCLE"), contacts: arguments.arguments("CONTACT"))
            let circle = detail.circle
            return .value(
                CircleDetailJSON(detail),
                text: "\(circle.emoji) \(context.style.bold(circle.name)) now has "
                    + CirclesText.plural(detail.members.count, "member") + ".")
        }
    }
}
