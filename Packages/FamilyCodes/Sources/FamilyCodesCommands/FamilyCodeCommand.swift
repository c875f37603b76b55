import Console
import FamilyCodes
import FamilyCodesWire

/// `family code`: the player's code (the family and its code are made on first use).
enum FamilyCodeCommand {
    static func make(_ plugin: FamilyCodesPlugin) -> Command {
        Command("family code", summary: "Show your family code, to share with parents") { _, context in
            let code = try await plugin.service.code(try await plugin.principals.requirePrincipal())
            return .value(FamilyCodeJSON(code), text: FamilyText.code(code, style: context.style))
        }
    }
}
