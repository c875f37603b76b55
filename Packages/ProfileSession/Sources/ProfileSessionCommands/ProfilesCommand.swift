import Console
import ProfileSession
import ProfileSessionWire

/// `profiles`: the account and the managed members it can act as, the active one marked.
enum ProfilesCommand {
    static let singleProfileCaption = "Add a profile for a family member who doesn't have their own device."
    /// The seed's State 6, under the account's own row.
    static let membersUnavailableCaption = "Couldn't load family members. Try again when you are online."
    /// The seed's "Add Family Member" button, which ends the list in every state but State 6.
    static let addMemberHint = "Add a family member: `member add NAME`"

    static func make(manager: ProfileSessionManager) -> Command {
        Command("profiles", summary: "List the profiles you can switch to") { _, context in
            let profiles = try await manager.refresh()
            let activeId = await manager.activeProfile.memberId
            let household = await manager.householdName
            let caption = await manager.membersUnavailable ? membersUnavailableCaption : nil
            let json = profiles.map { SwitchableProfileJSON($0, active: $0.memberId == activeId) }
            return .value(
                json,
                text: text(profiles, activeId: activeId, household: household, caption: caption, style: context.style))
        }
    }

    /// The rows, then `caption` when given (State 6: nothing more), else the single-profile caption when the account is
    /// alone, and the hint to add a member.
    static func text(
        _ profiles: [SwitchableProfile], activeId: String, household: String?, caption: String? = nil, style: Style
    ) -> String {
        var lines = [style.bold("Switch Profile") + (household.map { " · " + style.accent($0) } ?? "")]
        var table = Table(headers: [], truncated: [1])
        for (index, profile) in profiles.enumerated() {
            if index == 1 { table.append(["", style.dim("FAMILY MEMBERS"), ""]) }
            let mark = profile.memberId == activeId ? style.success("✓") : " "
            table.append([mark, "\(profile.monogram)  \(profile.displayName)", style.dim(profile.typeLabel)])
        }
        lines.append(table.render(style: style))
        if let caption {
            lines.append(caption)
        } else {
            if profiles.count <= 1 { lines.append(singleProfileCaption) }
            lines.append(addMemberHint)
        }
        return lines.joined(separator: "\n")
    }
}
