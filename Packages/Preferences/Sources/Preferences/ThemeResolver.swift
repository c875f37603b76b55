import Foundation

/// Resolves `system` against the terminal, as the seed resolves it against the device's colour scheme.
public enum ThemeResolver {
    /// `light`/`dark` as chosen; `system` follows `terminalBackground(environment:)`.
    public static func effectiveTheme(_ theme: ThemePreference, environment: [String: String]) -> EffectiveTheme {
        switch theme {
        case .light: .light
        case .dark: .dark
        case .system: terminalBackground(environment: environment)
        }
    }

    /// `COLORFGBG` (`fg;bg`, or `fg;default;bg`) whose last field is 0-6 or 8 is a dark background;
    /// anything else, including no `COLORFGBG` at all, is light.
    public static func terminalBackground(environment: [String: String]) -> EffectiveTheme {
        guard let value = environment["COLORFGBG"],
            let last = value.split(separator: ";", omittingEmptySubsequences: false).last,
            let colour = Int(last.trimmingCharacters(in: .whitespaces))
        else { return .light }
        return darkBackgrounds.contains(colour) ? .dark : .light
    }

    /// The 16-colour palette's dark entries: black, the six dark colours, and dark grey.
    static let darkBackgrounds: Set<Int> = [0, 1, 2, 3, 4, 5, 6, 8]
}
