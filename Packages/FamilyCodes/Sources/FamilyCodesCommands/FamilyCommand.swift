import Console
import FamilyCodes
import FamilyCodesWire

/// `family`: a player's code card, or a parent's families with the active one marked.
enum FamilyCommand {
    static func make(_ plugin: FamilyCodesPlugin) -> Command {
        Command("family", summary: "Your family code and members (players) or your families (parents)") { _, context in
            let overview = try await plugin.service.overview(try await plugin.principals.requirePrincipal())
            switch overview {
            case .player(let card):
                return .value(FamilyOverviewJSON(.player(card)), text: FamilyText.card(card, style: context.style))
            case .parent(let families):
                return .value(
                    FamilyOverviewJSON(.parent(families)), text: FamilyText.families(families, style: context.style))
            }
        }
    }
}
