import Foundation

/// One member's preferences as read: stored values that are missing, unknown or malformed read as defaults.
public struct MemberPreferences: Sendable, Codable, Hashable {
    /// The member they belong to: an account id or `managed_<uuid>`.
    public var memberId: String
    public var theme: ThemePreference
    public var fontSize: FontSize

    /// Creates a value; the defaults are `system` and `M`.
    public init(memberId: String, theme: ThemePreference = .default, fontSize: FontSize = .default) {
        self.memberId = memberId
        self.theme = theme
        self.fontSize = fontSize
    }

    /// The font size offset in points (-2, 0, 2, 4).
    public var fontSizeOffset: Int { fontSize.offset }

    /// The theme shown in a terminal with `environment` (see `ThemeResolver`).
    public func effectiveTheme(environment: [String: String]) -> EffectiveTheme {
        ThemeResolver.effectiveTheme(theme, environment: environment)
    }

    /// Decodes stored key/value pairs; anything unknown or malformed reads as the default, never an error.
    public init(memberId: String, stored values: [String: String]) {
        self.memberId = memberId
        theme = values[PreferenceKey.theme].flatMap(Self.theme(from:)) ?? .default
        fontSize = values[PreferenceKey.fontSizeOffset].flatMap(Self.fontSize(from:)) ?? .default
    }

    /// The stored form of these preferences.
    public var storedValues: [String: String] {
        [PreferenceKey.theme: theme.rawValue, PreferenceKey.fontSizeOffset: String(fontSize.offset)]
    }

    static func theme(from stored: String) -> ThemePreference? {
        ThemePreference(rawValue: stored.trimmingCharacters(in: .whitespaces).lowercased())
    }

    static func fontSize(from stored: String) -> FontSize? {
        Int(stored.trimmingCharacters(in: .whitespaces)).flatMap(FontSize.init(offset:))
    }
}
