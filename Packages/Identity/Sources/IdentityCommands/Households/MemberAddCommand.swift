import Accounts
import Console
import Identity
import IdentityWire

/// `member add NAME [--avatar KEY]`: add a managed member to the active household; you become its guardian.
enum MemberAddCommand {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "member add", summary: "Add a managed member (no login) to your active household",
            arguments: [Argument("NAME", "the member's display name")],
            options: [Option("avatar", value: "KEY", "an avatar key (default: the name's first letter)")]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let member = try await service.addManagedMember(
                principal, displayName: arguments.argument("NAME"), avatarKey: arguments.option("avatar") ?? "")
            return .value(
                MemberNameJSON(member),
                text: "Added \(context.style.bold(member.displayName)) (\(member.memberId)); you are their guardian.")
        }
    }
}
