import Accounts
import Circles
import CirclesWire
import Console

/// `shadow reveal PROFILE`: asks first; irreversibly shows the shadow's viewers that it is you.
enum ShadowRevealCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "shadow reveal", summary: "Show a shadow's viewers that it is you (asks first; cannot be undone)",
            arguments: [CirclesArguments.shadow]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let shadow = try await service.profile(principal, arguments.argument("PROFILE"))
            let primary = try await service.profile(principal, "primary")
            try context.confirm(
                "Reveal that \(shadow.displayName) is you? Its viewers will see "
                    + CirclesText.who(primary.displayName, primary.username) + " behind it. This cannot be undone.")
            let revealed = try await service.revealShadow(principal, shadow.id)
            return .value(
                CirclesProfileJSON(revealed),
                text: "Revealed: \(context.style.bold(revealed.displayName)) now shows its viewers that it is "
                    + "\(primary.displayName). This cannot be undone.")
        }
    }
}
