import Accounts
import Console
import Identity
import IdentityWire

/// `sessions`: the account's live sessions on every device, oldest first, this one marked.
enum SessionsCommand {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "sessions", summary: "List your account's live sessions on every device",
            details:
                "Each session shows when it was made, when it was last used (kept to "
                + "\(IdentityText.minutes(SessionActivity.interval))) and where it was made "
                + "(the client's label: kith says \"kith on HOST\"). End one with `sessions end ID`, or every other "
                + "one with `sessions end --others`; this one ends with `logout`."
        ) { _, context in
            let principal = try await principals.requirePrincipal()
            let sessions = try await service.sessions(principal)
            return .value(sessions.map(SessionActivityJSON.init), text: render(sessions, style: context.style))
        }
    }

    static func render(_ sessions: [SessionActivity], style: Style) -> String {
        guard !sessions.isEmpty else { return "No live sessions." }
        let heading = style.bold("Sessions") + " · " + IdentityText.count(sessions.count, "live session")
        var table = Table(headers: ["", "WHERE", "CREATED", "LAST USED", "ID"], truncated: [1])
        for session in sessions {
            let place = session.createdWhere ?? style.dim("unknown")
            table.append([
                session.current ? "›" : "",
                session.current ? style.bold(place) + " " + style.accent("(this session)") : place,
                HumanDate.text(session.createdAt),
                HumanDate.text(session.lastUsedAt),
                style.dim(session.id),
            ])
        }
        var lines = [heading, table.render(style: style)]
        if sessions.count >= 2 {
            lines.append(style.dim("End one with `sessions end ID`, or every other one with `sessions end --others`."))
        }
        return lines.joined(separator: "\n")
    }
}
