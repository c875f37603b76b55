import Accounts
import Circles
import CirclesWire
import Console

/// `look EMAIL` / `look @USERNAME`: a profile as you (the viewer) get it; one you may not see is "not found".
enum LookCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "look", summary: "See a profile as you get it: an account's primary by email, any profile by @username",
            arguments: [Argument("TARGET", "EMAIL or @USERNAME")]
        ) { arguments, context in
            let target = arguments.argument("TARGET")
            let view = try await service.look(try await principals.requirePrincipal(), target)
            // Only what the view holds: a name the viewer may not see never reaches the title.
            let name = (view.fields[.displayName] ?? nil).map { " · " + $0 } ?? ""
            return .value(
                ProfileViewJSON(view),
                text: CirclesText.view(view, title: target + name, target: target, style: context.style))
        }
    }
}
