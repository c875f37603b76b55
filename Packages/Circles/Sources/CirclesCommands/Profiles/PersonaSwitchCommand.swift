import Accounts
import Circles
import CirclesWire
import Console

/// `persona switch PROFILE`: the profile others see you as (`primary` for the primary).
enum PersonaSwitchCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "persona switch", summary: "Present yourself as another of your profiles",
            arguments: [Argument("PROFILE", "a profile's id or name, or primary", completion: "persona")]
        ) { arguments, context in
            let persona = try await service.switchPersona(
                try await principals.requirePrincipal(), arguments.argument("PROFILE"))
            return .value(
                PersonaCardJSON(persona),
                text: "You are now \(context.style.bold(persona.displayName)) "
                    + context.style.dim("(\(CirclesText.label(persona.type)))") + ".")
        }
    }
}
