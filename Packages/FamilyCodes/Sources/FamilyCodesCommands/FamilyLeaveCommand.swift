import Console
import FamilyCodes
import FamilyCodesWire

/// `family leave FAMILY`: a parent leaves one of its families.
enum FamilyLeaveCommand {
    static func make(_ plugin: FamilyCodesPlugin) -> Command {
        Command(
            "family leave", summary: "Leave one of your families (parents)",
            arguments: [Argument("FAMILY", "a family's id or name")]
        ) { arguments, context in
            let family = try await plugin.service.leave(
                try await plugin.principals.requirePrincipal(), arguments.argument("FAMILY"))
            return .value(JoinedFamilyJSON(family), text: "Left \(context.style.bold(family.name)).")
        }
    }
}
