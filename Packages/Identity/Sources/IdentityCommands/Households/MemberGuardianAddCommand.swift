import Console
import Identity
import IdentityWire

/// `member guardian add MEMBER EMAIL`: another independent member of the household becomes a guardian.
enum MemberGuardianAddCommand {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "member guardian add", summary: "Make a household member a guardian of a managed member",
            arguments: [
                Argument("MEMBER", "a managed member's id or name", completion: "member"),
                Argument("EMAIL", "the new guardian"),
            ]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let member = try await service.addGuardian(
                principal, member: arguments.argument("MEMBER"), email: arguments.argument("EMAIL"))
            let text = "\(arguments.argument("EMAIL")) now guards \(context.style.bold(member.displayName))."
            return .value(MemberJSON(member), text: text)
        }
    }
}
