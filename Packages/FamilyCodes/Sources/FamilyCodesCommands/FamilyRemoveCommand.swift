import Accounts
import Console
import FamilyCodes
import FamilyCodesWire

/// `family remove MEMBER`: the player removes a member of its family (asks first).
enum FamilyRemoveCommand {
    static func question(_ name: String) -> String { "Remove \(name) from family?" }

    static func make(_ plugin: FamilyCodesPlugin) -> Command {
        Command(
            "family remove", summary: "Remove a member from your family (players; asks first)",
            arguments: [Argument("MEMBER", "a member's id or name")]
        ) { arguments, context in
            let principal = try await plugin.principals.requirePrincipal()
            let reference = arguments.argument("MEMBER")
            // The question names the member; a reference that matches nobody is refused before asking.
            let members = try await plugin.service.members(principal)
            let member = try ReferenceResolver.resolve(
                reference, in: members, kind: .member, id: \.memberId, name: \.displayName)
            try context.confirm(question(member.displayName))
            let removed = try await plugin.service.removeMember(principal, member.memberId)
            return .value(
                FamilyMemberJSON(removed), text: "Removed \(context.style.bold(removed.displayName)) from your family.")
        }
    }
}
