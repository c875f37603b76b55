import Console
import FamilyCodes
import Foundation

/// Human renderings of the seed's screens: the code card, the member list, the parent's families, the log.
enum FamilyText {
    static let noMembers = "No family members yet. Share your code!"
    /// A parent's `family` with no family: how to join one.
    static let noFamilies = "No families joined yet.\nJoin a family with `family join CODE`, the code a player shared."
    static let noAttempts = "No join attempts yet."

    /// The code, large in spirit, and when it was made.
    static func code(_ code: FamilyCode, style: Style) -> String {
        var table = Table(headers: [])
        table.append(["  Family code", style.accent(style.bold(code.code))])
        table.append(["  Created", date(code.generatedAt)])
        if let expiresAt = code.expiresAt { table.append(["  Expires", date(expiresAt)]) }
        if let usesLeft = code.usesLeft { table.append(["  Uses left", "\(usesLeft)"]) }
        return table.render(style: style)
    }

    /// The player's screen: the family's name, its code card, then its members or the empty state.
    static func card(_ card: FamilyCard, style: Style) -> String {
        [style.bold(card.name), code(card.code, style: style), "", members(card.members, style: style)]
            .joined(separator: "\n")
    }

    /// "Family Members (N)" and a row per member: name (or email), role, join date.
    static func members(_ members: [FamilyMember], style: Style) -> String {
        guard !members.isEmpty else { return noMembers }
        var table = Table(headers: ["NAME", "ROLE", "ADDED", "EMAIL", "ID"], truncated: [0])
        for member in members {
            table.append([
                member.displayName.isEmpty ? (member.email ?? "") : member.displayName,
                role(member.role.rawValue), date(member.addedAt), member.email ?? "", style.dim(member.memberId),
            ])
        }
        return style.bold("Family Members (\(members.count))") + "\n" + table.render(style: style)
    }

    /// "My Families (N)": name, code, when joined; `›` marks the active household.
    static func families(_ families: [JoinedFamily], style: Style) -> String {
        guard !families.isEmpty else { return noFamilies }
        var table = Table(headers: ["", "FAMILY", "CODE", "JOINED", "ID"], truncated: [1])
        for family in families {
            table.append([
                family.isActive ? "›" : "", family.isActive ? style.bold(family.name) : family.name,
                family.code ?? "-", date(family.joinedAt), style.dim(family.familyId),
            ])
        }
        var lines = [style.bold("My Families (\(families.count))"), table.render(style: style)]
        if families.contains(where: \.isActive) {
            lines.append(style.dim("› is active; change it with `family use FAMILY`."))
        }
        return lines.joined(separator: "\n")
    }

    /// The usage log, newest first.
    static func log(_ rows: [FamilyCodeUsage], style: Style) -> String {
        guard !rows.isEmpty else { return noAttempts }
        var table = Table(headers: ["WHEN", "RESULT", "CODE", "ACCOUNT"])
        for row in rows {
            let result = row.result == .joined ? style.success(row.result.rawValue) : row.result.rawValue
            table.append([date(row.at), result, row.code, style.dim(row.accountId)])
        }
        return table.render(style: style)
    }

    static func role(_ raw: String) -> String { raw.prefix(1).uppercased() + raw.dropFirst() }

    /// `2025-01-01 09:30 UTC`.
    static func date(_ date: Date) -> String { HumanDate.text(date) }
}
