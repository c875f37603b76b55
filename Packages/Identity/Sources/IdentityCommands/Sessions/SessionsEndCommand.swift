import Accounts
import Console
import Identity
import IdentityWire

/// `sessions end ID` / `sessions end --others`: ends one of the account's sessions (never this one: that is
/// `logout`), or every one but this one. Both are durable before they answer.
enum SessionsEndCommand {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "sessions end", summary: "End one of your sessions, or every other one with --others",
            arguments: [Argument("ID", "the session's id, as `sessions` shows it", count: .optional)],
            options: [Option("others", "end every session of the account but this one")],
            details:
                "The device that used an ended session is signed out on its next request, on every server. This "
                + "session cannot be ended here: use `logout`."
        ) { arguments, _ in
            let id = arguments.optionalArgument("ID")
            guard (id == nil) == arguments.flag("others") else {
                throw UsageError("Give a session's ID or --others (not both)")
            }
            let principal = try await principals.requirePrincipal()
            if let id {
                try await service.endSession(principal, id: id)
                return .value(SessionsEndedJSON(ended: 1), text: "Session \(id) ended.")
            }
            let ended = try await service.endOtherSessions(principal)
            let text =
                ended == 0
                ? "No other session was live."
                : "Ended \(IdentityText.count(ended, "other session")); this one stays signed in."
            return .value(SessionsEndedJSON(ended: ended), text: text)
        }
    }
}
