import Console
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
            arguments: [Argument("MEMBER", "a managed member's id or name, or `me`", completion: "switchable")]
        ) { arguments, context in
            let profile = try await manager.switch(to: arguments.argument("MEMBER"))
            let message =
                profile.isManaged ? "Now viewing as \(profile.displayName)" : "Now viewing as yourself"
            let json = SwitchJSON(
                message: message, memberId: profile.memberId, displayName: profile.displayName,
                typeLabel: profile.typeLabel, isManaged: profile.isManaged, active: true)
            return .value(json, text: message)
        }
    }
}
