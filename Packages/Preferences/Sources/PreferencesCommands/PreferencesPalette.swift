import Accounts
import Console
import Preferences

/// The console palette that suits a theme: what the app gives `Shell` so the REPL follows the active member.
public enum PreferencesPalette {
    /// `.dark` for a dark theme, `.light` for a light one.
    public static func palette(for theme: EffectiveTheme) -> Style.Palette {
        switch theme {
        case .dark: .dark
        case .light: .light
        }
    }

    /// The palette for whoever `principals` says is calling (the member acted as, while acting); the terminal's
    /// own background when nobody is signed in or the preferences cannot be read.
    public static func palette(
        service: any PreferencesService, principals: any PrincipalSource, environment: [String: String]
    ) async -> Style.Palette {
        guard let principal = try? await principals.currentPrincipal(),
            let preferences = try? await service.preferences(principal)
        else { return palette(for: ThemeResolver.terminalBackground(environment: environment)) }
        return palette(for: preferences.effectiveTheme(environment: environment))
    }
}
