/// The theme a member chose: `system` follows the terminal.
public enum ThemePreference: String, Sendable, Codable, CaseIterable, Hashable {
    case system
    case light
    case dark

    /// What a new member (or a reset, or an unreadable stored value) has.
    public static let `default` = ThemePreference.system
}

/// The theme actually shown: `system` resolved against the terminal.
public enum EffectiveTheme: String, Sendable, Codable, CaseIterable, Hashable {
    case light
    case dark
}
