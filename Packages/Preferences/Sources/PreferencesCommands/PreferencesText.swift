import Accounts
import Console
import Preferences
import PreferencesWire

/// Human renderings shared by the `prefs` commands.
enum PreferencesText {
    /// "Setting preferences for NAME" while acting, else nil: the seed's banner on the preferences screen.
    static func banner(_ principal: Principal, style: Style) -> String? {
        principal.actingAs.map { style.accent("Setting preferences for \($0.displayName)") }
    }

    /// The banner (while acting), an optional first line, then the preferences as aligned rows.
    static func render(
        _ preferences: MemberPreferences, principal: Principal, headline: String?, context: CommandContext
    ) -> String {
        let style = context.style
        var lines: [String] = []
        if let banner = banner(principal, style: style) { lines.append(banner) }
        if let headline { lines.append(headline) }
        let effective = preferences.effectiveTheme(environment: context.environment)
        let themeNote =
            preferences.theme == .system
            ? "\(preferences.theme.rawValue) (now \(effective.rawValue))"
            : preferences.theme.rawValue
        var table = Table(headers: [])
        table.append(["theme", themeNote])
        table.append(["font size", "\(preferences.fontSize.label) (\(signed(preferences.fontSizeOffset)))"])
        lines.append(table.render(style: style))
        return lines.joined(separator: "\n")
    }

    /// What every `prefs` command does once its arguments are read: `body` reads or changes the caller's
    /// preferences, answered as PreferencesJSON, and rendered under `headline`.
    static func answer(
        principals: any PrincipalSource, headline: String?, context: CommandContext,
        _ body: (Principal) async throws -> MemberPreferences
    ) async throws -> CommandOutput {
        let principal = try await principals.requirePrincipal()
        let preferences = try await body(principal)
        return .value(
            PreferencesJSON(preferences, environment: context.environment),
            text: render(preferences, principal: principal, headline: headline, context: context))
    }

    static func signed(_ offset: Int) -> String { offset > 0 ? "+\(offset)" : "\(offset)" }
}
