import Preferences

/// A member's preferences: `GET /api/preferences` and every preference route, and `prefs --json`.
///
/// `effectiveTheme` (what `system` resolves to in the terminal) is only in the command line's output: a server
/// cannot see the client's terminal, so it leaves the key out.
public struct PreferencesJSON: Codable, Sendable, Equatable {
    public var memberId: String
    public var theme: String
    /// `S`, `M`, `L` or `XL`.
    public var fontSize: String
    public var fontSizeOffset: Int
    public var effectiveTheme: String?

    /// The JSON of `preferences`; with `environment` (the terminal's), also what its theme resolves to.
    public init(_ preferences: MemberPreferences, environment: [String: String]? = nil) {
        memberId = preferences.memberId
        theme = preferences.theme.rawValue
        fontSize = preferences.fontSize.label
        fontSizeOffset = preferences.fontSizeOffset
        effectiveTheme = environment.map { preferences.effectiveTheme(environment: $0).rawValue }
    }

    /// The preferences again; unknown values read as the defaults, as stored values do.
    public var preferences: MemberPreferences {
        MemberPreferences(
            memberId: memberId, theme: ThemePreference(rawValue: theme) ?? .default,
            fontSize: FontSize(offset: fontSizeOffset) ?? .default)
    }
}
