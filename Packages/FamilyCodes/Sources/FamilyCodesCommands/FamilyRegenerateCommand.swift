import Console
import FamilyCodes
import FamilyCodesWire

/// `family regenerate`: a new code; the old one stops working at once (asks first).
enum FamilyRegenerateCommand {
    static let question = "Are you sure? The old code will stop working."

    static func make(_ plugin: FamilyCodesPlugin) -> Command {
        Command("family regenerate", summary: "Make a new family code; the old one stops working (asks first)") {
            _, context in
            let principal = try await plugin.principal()
            try context.confirm(question)
            let code = try await plugin.service.regenerateCode(principal)
            return .value(
                FamilyCodeJSON(code), text: "New family code.\n" + FamilyText.code(code, style: context.style))
        }
    }
}
