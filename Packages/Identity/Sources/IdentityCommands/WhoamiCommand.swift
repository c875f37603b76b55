import Console
import Identity
import IdentityWire

/// `whoami`: the signed-in account, who it acts as, and its persona.
enum WhoamiCommand {
    static func make(
        service: any IdentityService, principals: any PrincipalSource, personas: (any PersonaSource)?
    ) -> Command {
        Command("whoami", summary: "Show the signed-in account") { _, context in
            let principal = try await principals.requirePrincipal()
            let account = try await service.account(principal)
            let json = await MeJSON.whoami(account, principal: principal, personas: personas)
            return .value(
                json,
                text: IdentityText.account(account, principal: principal, persona: json.persona, style: context.style))
        }
    }
}
