import Accounts
import Circles
import CirclesWire
import Console

/// `shadow create --type professional|personal|anonymous --name NAME [--circles A,B]`: it becomes the persona. Without
/// `--type` a terminal is asked which type, each described in a line; elsewhere `--type` is required.
enum ShadowCreateCommand {
    /// One line per shadow type, `professional: a work identity...`: `help shadow create` and the prompt show them.
    static let typeLines = ProfileType.shadowTypes.map { "  \($0.rawValue): \($0.summary)" }

    static let typeQuestion =
        (["What is the shadow for?"] + typeLines
        + ["Type (\(ProfileType.shadowTypes.map(\.rawValue).joined(separator: ", "))): "]).joined(separator: "\n")

    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "shadow create", summary: "Create a shadow profile and switch to it",
            options: [
                Option(
                    "type", value: "TYPE", "what the shadow is for (asked at a terminal when not given)",
                    choices: ProfileType.shadowTypes.map(\.rawValue)),
                Option("name", value: "NAME", "its display name (nothing is copied from your primary)", required: true),
                Option("circles", value: "A,B", "the circles it is shown to (none until given)", completion: "circle"),
            ],
            details: (["The three types:"] + typeLines).joined(separator: "\n")
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let type = try shadowType(arguments, context)
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

    /// `--type`, else the answer to `typeQuestion` at a terminal (either read by `ProfileType.shadowType`); a usage
    /// error without either.
    static func shadowType(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ProfileType {
        let choices = ProfileType.shadowTypes.map(\.rawValue)
        if let given = arguments.option("type") { return try ProfileType.shadowType(given) }
        guard context.interaction.canAsk else {
            throw UsageError(
                "`shadow create` needs --type \(choices.joined(separator: "|")): "
                    + (["shadow create --type \(choices.joined(separator: "|")) --name NAME [--circles A,B]"]
                    + typeLines).joined(separator: "\n"))
        }
        guard let answer = context.interaction.ask(typeQuestion) else { throw ConsoleError.cancelled }
        return try ProfileType.shadowType(answer)
    }
}
