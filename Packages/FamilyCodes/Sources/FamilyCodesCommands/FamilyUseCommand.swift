import Console
import FamilyCodes
import FamilyCodesWire

/// `family use FAMILY`: the same as `household use`: make a family the active household.
enum FamilyUseCommand {
    static func make(_ plugin: FamilyCodesPlugin) -> Command {
        Command(
            "family use", summary: "Make one of your families the active one (as `household use`)",
            arguments: [Argument("FAMILY", "a family's id or name")]
        ) { arguments, context in
            let household = try await plugin.identity.useHousehold(
                try await plugin.principals.requirePrincipal(), arguments.argument("FAMILY"))
            return .value(
                FamilyRefJSON(familyId: household.id, name: household.name),
                text: "Now using \(context.style.bold(household.name)).")
        }
    }
}
