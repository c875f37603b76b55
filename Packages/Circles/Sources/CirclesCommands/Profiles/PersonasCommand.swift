import Accounts
import Circles
import CirclesWire
import Console

/// `personas`: the card deck; primary first, then shadows most recently used first.
enum PersonasCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command("personas", summary: "Your profiles: primary first, then shadows by last use") { _, context in
            let personas = try await service.personas(try await principals.requirePrincipal())
            return .value(
                personas.map(PersonaCardJSON.init), text: CirclesText.personas(personas, style: context.style))
        }
    }
}
