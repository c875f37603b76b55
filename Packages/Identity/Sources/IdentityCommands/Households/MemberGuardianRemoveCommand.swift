import Console
import Identity
import IdentityWire

/// `member guardian remove MEMBER EMAIL`: remove a guardian of a managed member, never the last one.
enum MemberGuardianRemoveCommand {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "member guardian remove", summary: "Stop a guardian guarding a managed member (never the last one)",
            arguments: [
                Argument("MEMBER", "a managed member's id or name", completion: "member"),
                Argument("EMAIL", "the guardian"),
            ]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let member = try await service.removeGuardian(
                principal, member: arguments.argument("MEMBER"), email: arguments.argument("EMAIL"))
            let text = "\(arguments.argument("EMAIL")) no longer guards \(context.style.bold(member.displayName))."
            return .value(MemberJSON(member), text: text)
        }
    }
}
