import Preferences

/// `prefs --json` (and every `prefs` sub-command's JSON): the subject's preferences and what they resolve to.
struct PreferencesJSON: Encodable, Sendable {
    let memberId: String
    let theme: String
    let fontSizeOffset: Int
    let fontSize: String
    let effectiveTheme: String

    init(_ preferences: MemberPreferences, environment: [String: String]) {
        memberId = preferences.memberId
        theme = preferences.theme.rawValue
        fontSizeOffset = preferences.fontSizeOffset
        fontSize = preferences.fontSize.label
        effectiveTheme = preferences.effectiveTheme(environment: environment).rawValue
    }
}
