import Accounts
import Circles
import CirclesWire
import Console

/// `grants`: the owner's live grants.
enum GrantsCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command("grants", summary: "Fields you have granted to people who asked") { _, context in
            let principal = try await principals.requirePrincipal()
            let grants = try await service.grants(principal)
            let personas = context.json || grants.isEmpty ? [] : try await service.personas(principal)
            return .value(
                grants.map(GrantJSON.init), text: CirclesText.grants(grants, personas: personas, style: context.style))
        }
    }
}
