import Accounts
import Console
import IdentityCommands
import ProfileSession

/// `switch MEMBER` / `switch me`: act as a managed member you guard, or as yourself again.
enum SwitchCommand {
    struct SwitchJSON: Encodable, Sendable {
        let message: String
        let memberId: String
        let displayName: String
        let typeLabel: String
        let isManaged: Bool
        let active: Bool
    }

    static func make(manager: ProfileSessionManager) -> Command {
        Command(
            "switch", summary: "Act as a managed member you guard, or `switch me` to act as yourself",
            arguments: [Argument("MEMBER", "a managed member's id or name, or `me`", completion: "switchable")],
            options: ExitPinInput.options,
            details:
                "Leaving a member with an exit PIN needs the PIN: typed at a terminal, else --pin-file or KITH_PIN."
        ) { arguments, context in
            let reference = arguments.argument("MEMBER")
            let profile: SwitchableProfile
            do {
                profile = try await manager.switch(to: reference)
            } catch IdentityError.exitLocked(let name) {
                // The lock is told first; only then is the PIN asked for.
                guard let pin = try ExitPinInput.pin(arguments, context, for: name) else {
                    throw IdentityError.exitLocked(name)
                }
                profile = try await manager.switch(to: reference, pin: pin)
            }
            let message =
                profile.isManaged ? "Now viewing as \(profile.displayName)" : "Now viewing as yourself"
            let json = SwitchJSON(
                message: message, memberId: profile.memberId, displayName: profile.displayName,
                typeLabel: profile.typeLabel, isManaged: profile.isManaged, active: true)
            return .value(json, text: message)
        }
    }
}
