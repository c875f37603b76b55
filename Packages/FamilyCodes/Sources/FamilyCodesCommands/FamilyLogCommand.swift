import Console
import FamilyCodes
import FamilyCodesWire

/// `family log`: join attempts on the player's families, newest first.
enum FamilyLogCommand {
    static func make(_ plugin: FamilyCodesPlugin) -> Command {
        Command("family log", summary: "Show join attempts on your family codes, newest first (players)") {
            _, context in
            let rows = try await plugin.service.usageLog(try await plugin.principals.requirePrincipal())
            return .value(rows.map(FamilyCodeUsageJSON.init), text: FamilyText.log(rows, style: context.style))
        }
    }
}
