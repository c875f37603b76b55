import Console
import ProfileSession
import ProfileSessionWire

/// `profiles`: the account and the managed members it can act as, the active one marked.
enum ProfilesCommand {
    static let singleProfileCaption = "Add a profile for a family member who doesn't have their own device."

    static func make(manager: ProfileSessionManager) -> Command {
        Command("profiles", summary: "List the profiles you can switch to") { _, context in
            let profiles = try await manager.refresh()
            let activeId = await manager.activeProfile.memberId
            let household = await manager.householdName
            let json = profiles.map { SwitchableProfileJSON($0, active: $0.memberId == activeId) }
            return .value(json, text: text(profiles, activeId: activeId, household: household, style: context.style))
        }
    }

    static func text(_ profiles: [SwitchableProfile], activeId: String, household: String?, style: Style) -> String {
        var lines = [style.bold("Switch Profile") + (household.map { " · " + style.accent($0) } ?? "")]
        var table = Table(headers: [], truncated: [1])
        for (index, profile) in profiles.enumerated() {
            if index == 1 { table.append(["", style.dim("FAMILY MEMBERS"), ""]) }
            let mark = profile.memberId == activeId ? style.success("✓") : " "
            table.append([mark, "\(profile.monogram)  \(profile.displayName)", style.dim(profile.typeLabel)])
        }
        lines.append(table.render(style: style))
        if profiles.count <= 1 { lines.append(singleProfileCaption) }
        return lines.joined(separator: "\n")
    }
}
