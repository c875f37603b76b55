import Circles
import Console
import Foundation
import IdentityWire

/// Human renderings of the seed's screens: Circles Home (C1), Circle Detail (C2), the matrix (P5), the card deck
/// (P3), a profile (P2), what a viewer gets, the request inbox (C5) and grants.
enum CirclesText {
    static let noContacts = "No contacts yet: `contact add NAME [--account EMAIL]`"
    static let noMatches = "No contacts match."
    static let noRequests = "No pending requests."
    static let noGrants = "No grants: `requests allow ID` gives one."
    static let noSuggestions = "No merge suggestions: your circles look distinct."
    static let hidden = "—"

    // MARK: - Circles Home (C1)

    /// The three sections (mandatory, prepopulated, custom) with emoji, name, member count and colour; the
    /// merge-suggestion banner; "Create your first circle" when there is no custom circle.
    static func home(_ circles: [Circle], suggestions: [MergeSuggestion], style: Style) -> String {
        // One table for the three sections, their headings across it, so that every section shares one alignment.
        var table = Table(headers: [], rightAligned: [1], truncated: [0])
        for kind in CircleKind.allCases {
            table.appendHeading("")
            table.appendHeading(style.accent(heading(kind)))
            let section = circles.filter { $0.kind == kind }
            if section.isEmpty, kind == .custom {
                let hint = Circle.noCustomCirclesHint + ": " + style.dim("`circle create NAME [--emoji E]`")
                table.appendHeading(Table.paragraph(hint, style: style, indent: "  "))
            }
            for circle in section {
                table.append(["  " + circle.emoji + " " + circle.name, count(circle), colour(circle.color, style)])
            }
        }
        var out = [style.bold("Circles"), table.render(style: style)]
        if !suggestions.isEmpty {
            out.append("")
            out.append(banner(suggestions, style: style))
        }
        return out.joined(separator: "\n")
    }

    static func heading(_ kind: CircleKind) -> String {
        switch kind {
        case .mandatory: "Mandatory 🔒"
        case .prepopulated: "Prepopulated"
        case .custom: "Custom"
        }
    }

    /// "3 members"; Public, which is anyone, shows no count.
    static func count(_ circle: Circle) -> String {
        guard let members = circle.memberCount else { return "" }
        return plural(members, "member")
    }

    /// The colour's name, after a dot in that colour on a terminal.
    static func colour(_ color: CircleColor, _ style: Style) -> String {
        guard style.isEnabled else { return color.rawValue }
        let code: Int =
            switch color {
            case .red: 196
            case .orange: 208
            case .yellow: 220
            case .green: 34
            case .teal: 37
            case .blue: 33
            case .indigo: 61
            case .purple: 129
            case .pink: 205
            case .gray: 245
            }
        return "\u{1B}[38;5;\(code)m●\u{1B}[0m " + style.dim(color.rawValue)
    }

    /// "💡 2 circles look similar", then each pair with the commands that merge or dismiss it.
    static func banner(_ suggestions: [MergeSuggestion], style: Style) -> String {
        var lines = ["💡 " + style.bold(MergeSuggestion.banner(count: suggestions.count))]
        for suggestion in suggestions {
            let names = suggestion.circleNames
            guard names.count == 2 else { continue }
            let percent = Int((suggestion.jaccard * 100).rounded())
            lines.append("  \(names[0]) and \(names[1]) share \(percent)% of their members")
            lines.append(
                "    " + style.dim("merge: `circle merge \(quoted(names[0])) \(quoted(names[1]))`")
                    + style.dim(" · dismiss: `suggestions dismiss \(suggestion.suggestionId)`"))
        }
        return lines.joined(separator: "\n")
    }

    static func suggestions(_ suggestions: [MergeSuggestion], style: Style) -> String {
        suggestions.isEmpty ? noSuggestions : banner(suggestions, style: style)
    }

    // MARK: - Circle Detail (C2)

    /// Header, members (or "Add your first member"), the persona's access summary, pending requests.
    static func detail(_ detail: CircleDetail, personas: [Persona], style: Style) -> String {
        let circle = detail.circle
        var out = [
            style.bold(circle.emoji + " " + circle.name) + "  " + colour(circle.color, style) + "  "
                + style.dim(circle.kind.rawValue + (circle.kind == .custom ? "" : " 🔒"))
        ]
        out.append("")
        if circle.builtIn == .public {
            out.append(style.accent("Members") + "  anyone, contacts or not")
        } else {
            out.append(style.accent("Members (\(detail.members.count))"))
            if detail.members.isEmpty, (circle.memberCount ?? 0) > 0 {
                out.append("  " + noMatches)
            } else if let hint = detail.emptyHint {
                out.append("  " + hint + ": " + style.dim("`circle add \(quoted(circle.name)) CONTACT...`"))
            } else if detail.members.isEmpty {
                out.append("  " + noContacts)
            } else {
                var table = Table(headers: [], truncated: [0])
                for member in detail.members {
                    table.append([
                        "  " + member.displayName, member.linkedAccountId == nil ? "" : "linked", member.email ?? "",
                        member.phone ?? "",
                    ])
                }
                out.append(table.render(style: style))
            }
        }
        out.append("")
        let persona = personas.first { $0.profileId == detail.profileId }
        out.append(
            style.accent("Access") + " for " + (persona.map { style.bold($0.displayName) } ?? detail.profileId)
                + style.dim(" (your active persona)"))
        var table = Table(headers: [], wrapped: [1])
        for access in [Access.allow, .ask, .deny] {
            let fields = Field.allCases.filter { detail.access[$0] == access }.map(\.rawValue)
            guard !fields.isEmpty else { continue }
            table.append(["  " + symbol(access, style) + " " + access.rawValue, fields.joined(separator: ", ")])
        }
        out.append(table.render(style: style))
        out.append(style.dim("  change: `access set FIELD \(quoted(circle.name)) allow|deny|ask`"))
        out.append("")
        out.append(style.accent("Pending requests (\(detail.pendingRequests.count))"))
        if detail.pendingRequests.isEmpty {
            out.append("  " + noRequests)
        } else {
            out.append(indent(requestsTable(detail.pendingRequests, personas: personas, style: style.inset(by: 2))))
        }
        return out.joined(separator: "\n")
    }

    // MARK: - Contacts

    static func contacts(_ contacts: [Contact], style: Style) -> String {
        guard !contacts.isEmpty else { return noContacts }
        var table = Table(headers: ["NAME", "CIRCLES", "LINKED", "EMAIL", "PHONE", "ID"], truncated: [0, 1])
        for contact in contacts {
            table.append([
                contact.displayName, contact.circleNames.joined(separator: ", "),
                contact.linkedAccountId == nil ? "" : "yes", contact.email ?? "", contact.phone ?? "",
                style.dim(contact.id),
            ])
        }
        return style.bold("Contacts (\(contacts.count))") + "\n" + table.render(style: style)
    }

    // MARK: - The matrix (P5)

    /// Fields as rows by circles as columns; ✓ ✗ ?; a trailing `*` marks a staged cell, with the unsaved note.
    static func matrix(_ matrix: AccessMatrix, profile: Profile?, style: Style) -> String {
        var table = Table(headers: ["FIELD"] + matrix.circles.map(\.name))
        for field in Field.allCases {
            var row = [field.rawValue]
            for circle in matrix.circles {
                guard let access = matrix.access(field, circle.id) else {
                    row.append("")
                    continue
                }
                let staged = matrix.isStaged(field, circle.id)
                row.append(symbol(access, style) + (staged ? style.warning("*") : ""))
            }
            table.append(row)
        }
        let title =
            style.bold("Access")
            + (profile.map { " for " + style.bold($0.displayName) + style.dim(" (\(label($0.type)))") } ?? "")
        var out = [title, table.render(style: style), style.dim("✓ allow  ✗ deny  ? ask")]
        if matrix.unsaved {
            out[2] = style.dim("✓ allow  ✗ deny  ? ask  * unsaved")
            out.append(style.warning(unsavedNote(matrix)))
        }
        return out.joined(separator: "\n")
    }

    /// "3 unsaved changes: `access save` or `access discard`".
    static func unsavedNote(_ matrix: AccessMatrix) -> String {
        let count = matrix.staged.values.reduce(0) { $0 + $1.count }
        return plural(max(count, 1), "unsaved change") + ": `access save` or `access discard`"
    }

    static func symbol(_ access: Access, _ style: Style) -> String {
        switch access {
        case .allow: style.success(access.symbol)
        case .deny: style.failure(access.symbol)
        case .ask: style.warning(access.symbol)
        }
    }

    // MARK: - Personas (P3) and profiles (P2)

    /// The card deck: primary first, then shadows by last use; `›` marks the active persona.
    static func personas(_ personas: [Persona], style: Style) -> String {
        var table = Table(headers: ["", "NAME", "TYPE", "USERNAME", "LAST USED", "ID"], truncated: [1])
        for persona in personas {
            table.append([
                persona.active ? "›" : "", persona.active ? style.bold(persona.displayName) : persona.displayName,
                label(persona.type), persona.username.map { "@" + $0 } ?? "",
                persona.lastUsed.map(date) ?? "never", style.dim(persona.profileId),
            ])
        }
        return [
            style.bold("Personas (\(personas.count))"), table.render(style: style),
            style.dim("› is active: `persona switch PROFILE` · new: `shadow create --type TYPE --name NAME`"),
        ].joined(separator: "\n")
    }

    static func label(_ type: ProfileType) -> String {
        switch type {
        case .primary: "Primary"
        case .professional: "Professional"
        case .personal: "Personal"
        case .anonymous: "Anonymous"
        }
    }

    /// A profile as its owner sees it: every field, which circles see it, a shadow's audience and reveal state.
    static func profile(
        _ profile: Profile, active: Bool, matrix: AccessMatrix?, circles: [Circle], stats: ProfileStatsJSON? = nil,
        style: Style
    ) -> String {
        let badge = label(profile.type) + (active ? " · active persona" : "")
        var out = [style.bold(profile.displayName) + "  " + style.dim(badge)]
        if let stats { out.append("  " + stats.text) }
        var table = Table(headers: ["", "VALUE", "SEEN BY"], wrapped: [1, 2])
        for field in Field.allCases {
            let value = displayed(profile.value(of: field), of: field, style: style)
            let seenBy =
                matrix.map { matrix in
                    let names = matrix.circlesSeeing(field, of: profile).map(\.name)
                    return names.isEmpty ? style.dim("nobody") : names.joined(separator: ", ")
                } ?? ""
            table.append(["  " + field.rawValue, value, seenBy])
        }
        out.append(table.render(style: style))
        if profile.isShadow {
            let names = profile.shownToCircleIds.compactMap { id in circles.first { $0.id == id }?.name }
            out.append(
                "  shown to     "
                    + (names.isEmpty
                        ? "nobody yet: `shadow circles \(quoted(profile.displayName)) A,B`"
                        : names.joined(separator: ", ")))
            out.append(
                "  revealed     "
                    + (profile.revealedAt.map { "yes, since \(date($0))" }
                        ?? "no (`shadow reveal \(quoted(profile.displayName))` links it to you, for good)"))
        }
        out.append("  id           " + style.dim(profile.id))
        return out.joined(separator: "\n")
    }

    // MARK: - What a viewer gets (view-as, look)

    /// Each field with its value, "—" for deny, "ask (request it: `request TARGET FIELD`)" for ask.
    static func view(_ view: ProfileView, title: String, target: String, style: Style) -> String {
        var table = Table(headers: [], wrapped: [1])
        for field in Field.allCases {
            let shown: String
            switch view.access[field] ?? .deny {
            case .allow:
                shown = displayed(view.fields[field] ?? nil, of: field, style: style)
            case .deny:
                shown = style.dim(hidden)
            case .ask:
                shown = style.warning("ask") + " (request it: `request \(target) \(field.rawValue)`)"
            }
            table.append(["  " + field.rawValue, shown])
        }
        var out = [style.bold(title), table.render(style: style)]
        if let revealed = view.revealedAs {
            out.append("  " + style.accent("revealed as") + " " + who(revealed.displayName, revealed.username))
        }
        return out.joined(separator: "\n")
    }

    // MARK: - Requests (C5) and grants

    static func requests(_ requests: [AccessRequest], personas: [Persona], style: Style) -> String {
        guard !requests.isEmpty else { return noRequests }
        return [
            style.bold("Access requests (\(requests.count))"),
            requestsTable(requests, personas: personas, style: style),
            style.dim("`requests allow ID [--all-fields]` · `requests deny ID`"),
        ].joined(separator: "\n")
    }

    /// The circles holding a requester, "not a contact", or "—" when a shadow keeps it unknown.
    static func relationship(_ circles: [String]?, style: Style) -> String {
        guard let circles else { return style.dim(hidden) }
        return circles.isEmpty ? "not a contact" : circles.joined(separator: ", ")
    }

    static func requestsTable(_ requests: [AccessRequest], personas: [Persona], style: Style) -> String {
        var table = Table(
            headers: ["FROM", "IN YOUR CIRCLES", "FIELD", "OF", "REASON", "EXPIRES", "ID"], truncated: [0, 1, 3],
            wrapped: [4])
        for request in requests {
            table.append([
                who(request.from),
                relationship(request.requesterCircles, style: style),
                request.field.rawValue, profileName(request.profileId, personas),
                request.reason.map { "“\($0)”" } ?? "", date(request.expiresAt), style.dim(request.requestId),
            ])
        }
        return table.render(style: style)
    }

    static func grants(_ grants: [Grant], personas: [Persona], style: Style) -> String {
        guard !grants.isEmpty else { return noGrants }
        var table = Table(headers: ["TO", "FIELD", "OF", "SINCE", "ID"], truncated: [0, 2])
        for grant in grants {
            table.append([
                who(grant.to), grant.field?.rawValue ?? "all fields", profileName(grant.profileId, personas),
                date(grant.createdAt), style.dim(grant.grantId),
            ])
        }
        return [
            style.bold("Grants (\(grants.count))"), table.render(style: style),
            style.dim("`grants revoke ID` ends one"),
        ].joined(separator: "\n")
    }

    /// "Sam Kim (@sam)": the requester's persona as it asked.
    static func who(_ summary: PersonaSummary) -> String { who(summary.displayName, summary.username) }

    /// "Sam Kim (@sam)", or the name alone without a username.
    static func who(_ displayName: String, _ username: String?) -> String {
        displayName + (username.map { " (@\($0))" } ?? "")
    }

    static func profileName(_ id: String, _ personas: [Persona]) -> String {
        personas.first { $0.profileId == id }?.displayName ?? id
    }

    // MARK: - Helpers

    /// A field's value as a profile shows it (`@` before a username), or "(not set)".
    static func displayed(_ value: String?, of field: Field, style: Style) -> String {
        value.map { field == .username ? "@" + $0 : $0 } ?? style.dim("(not set)")
    }

    /// A name as a command argument: quoted when it has spaces or quotes.
    static func quoted(_ name: String) -> String {
        guard name.contains(where: { $0 == " " || $0 == "'" || $0 == "\"" }) else { return name }
        return name.contains("'") ? "\"\(name)\"" : "'\(name)'"
    }

    static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }

    /// "⭕ Family now has 3 members.": what `circle add` and `circle remove` both end with.
    static func nowHas(_ detail: CircleDetail, style: Style) -> String {
        "\(detail.circle.emoji) \(style.bold(detail.circle.name)) now has " + plural(detail.members.count, "member")
            + "."
    }

    /// "1 member", "3 members".
    static func plural(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }

    /// `2025-01-01 09:30 UTC`.
    static func date(_ date: Date) -> String { HumanDate.text(date) }

    /// A comma-separated list of names (`--circles A,B`); empty items are dropped.
    static func list(_ text: String?) -> [String] {
        (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// FIELD as the matrix names it (`displayName`, `display-name`, `name`...), or a usage error.
    static func field(_ text: String) throws(UsageError) -> Field {
        guard let field = Field.parse(text) else {
            throw UsageError(
                "FIELD must be one of \(Field.allCases.map(\.rawValue).joined(separator: ", ")), not \(text)")
        }
        return field
    }
}
