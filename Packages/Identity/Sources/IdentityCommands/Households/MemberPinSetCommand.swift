import Accounts
import Console
import Households
import IdentityWire

/// `member pin set MEMBER`: a guardian locks leaving the member behind a PIN (its own password first).
enum MemberPinSetCommand {
    static func make(pins: any ExitPinService, principals: any PrincipalSource) -> Command {
        Command(
            "member pin set", summary: "Set the exit PIN of a managed member you guard",
            arguments: [Argument("MEMBER", "a managed member's id or name", completion: "member")],
            options: PasswordInput.options + ExitPinInput.options,
            details: """
                While acting as the member, leaving it (`switch me`, another switch, `accounts switch`, `logout`)
                then needs the PIN, in this run and every later one. Asks for your password, then the PIN (\(ExitPinInput.lengths)
                digits) twice; without a terminal, --password-file or KITH_PASSWORD and --pin-file or KITH_PIN.
                """
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            // Who may is settled before anything is asked.
            let status = try await pins.exitPinStatus(principal, member: arguments.argument("MEMBER"))
            let password = try PasswordInput.password(arguments, context, prompt: "Your password: ")
            let pin = try ExitPinInput.newPin(arguments, context)
            let member = try await pins.setExitPin(
                principal, member: status.member.memberId, password: password, pin: pin)
            let name = context.style.bold(member.displayName)
            return .value(MemberJSON(member), text: "Exit PIN set: leaving \(name) now needs it.")
        }
    }
}
