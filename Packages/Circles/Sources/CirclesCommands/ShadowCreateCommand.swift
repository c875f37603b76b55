import Circles
import CirclesWire
import Console
import Identity

/// `shadow create --type professional|personal|anonymous --name NAME [--circles A,B]`: it becomes the persona.
enum ShadowCreateCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "shadow create", summary: "Create a shadow profile and switch to it",
            options: [
                Option(
                    "type", value: "TYPE", "what the shadow is for", choices: ProfileType.shadowTypes.map(\.rawValue),
                    required: true),
                Option("name", value: "NAME", "its display name (nothing is copied from your primary)", required: true),
                Option("circles", value: "A,B", "the circles it is shown to (none until given)", completion: "circle"),
            ]
        ) { arguments, context in
            let type =
                try arguments.choice(arguments.option("type"), as: ProfileType.self, label: "--type") ?? .personal
            let principal = try await principals.requirePrincipal()
            let shadow = try await service.createShadow(
                principal, type: type, displayName: arguments.option("name") ?? "",
                circles: CirclesText.list(arguments.option("circles")))
            let style = context.style
            var text =
                "Created the \(type.rawValue) shadow \(style.bold(shadow.displayName)); it is now your active persona."
            if shadow.shownToCircleIds.isEmpty {
                text +=
                    "\n"
                    + style.dim(
                        "Nobody sees it yet: `shadow circles \(CirclesText.quoted(shadow.displayName)) A,B`")
            } else {
                let names = try await service.circles(principal).filter { shadow.shownToCircleIds.contains($0.id) }
                text += "\nShown to " + names.map(\.name).joined(separator: ", ") + "."
            }
            return .value(CirclesProfileJSON(shadow), text: text)
        }
    }
}
