import Console
import FamilyCodes
import FamilyCodesWire

/// `family members`: the members of the player's family.
enum FamilyMembersCommand {
    static func make(_ plugin: FamilyCodesPlugin) -> Command {
        Command("family members", summary: "List the members of your family (players)") { _, context in
            let members = try await plugin.service.members(try await plugin.principals.requirePrincipal())
            return .value(members.map(FamilyMemberJSON.init), text: FamilyText.members(members, style: context.style))
        }
    }
}
