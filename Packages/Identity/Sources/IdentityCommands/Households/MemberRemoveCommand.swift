import Accounts
import Console
import Identity
import IdentityWire

/// `member remove MEMBER`: a guardian removes a managed member; the owner removes an independent one.
enum MemberRemoveCommand {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "member remove", summary: "Remove a member from your active household (asks first)",
            arguments: [Argument("MEMBER", "a member's id or name", completion: "member")]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            // Name the member in the question, and refuse an unknown or ambiguous name before asking anything.
            let household = try await service.requireActiveHousehold(principal)
            let member = try ReferenceResolver.resolve(
                arguments.argument("MEMBER"), in: household.members, kind: .member, id: \.memberId,
                name: \.displayName)
            try context.confirm("Remove \(member.displayName) from \(household.name)?")
            let removed = try await service.removeMember(principal, member.memberId)
            return .value(
                MemberNameJSON(removed), text: "Removed \(context.style.bold(removed.displayName)).")
        }
    }
}
