import Accounts
import Console
import Households
import IdentityWire

/// `member pin clear MEMBER`: a guardian removes the member's exit PIN (its own password first).
enum MemberPinClearCommand {
    static func make(pins: any ExitPinService, principals: any PrincipalSource) -> Command {
        Command(
            "member pin clear", summary: "Remove the exit PIN of a managed member you guard",
            arguments: [Argument("MEMBER", "a managed member's id or name", completion: "member")],
            options: PasswordInput.options
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let status = try await pins.exitPinStatus(principal, member: arguments.argument("MEMBER"))
            guard status.isSet else { throw IdentityError.noExitPin(status.member.displayName) }
            let password = try PasswordInput.password(arguments, context, prompt: "Your password: ")
            let member = try await pins.clearExitPin(principal, member: status.member.memberId, password: password)
            let name = context.style.bold(member.displayName)
            return .value(MemberJSON(member), text: "Exit PIN removed: leaving \(name) needs no PIN.")
        }
    }
}
