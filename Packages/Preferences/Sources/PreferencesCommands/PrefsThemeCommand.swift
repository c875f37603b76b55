import Accounts
import Console
import Preferences

/// `prefs theme system|light|dark`.
enum PrefsThemeCommand {
    static func make(service: any PreferencesService, principals: any PrincipalSource) -> Command {
        Command(
            "prefs theme", summary: "Choose the theme: system follows the terminal",
            arguments: [Argument("THEME", "the theme", choices: ThemePreference.allCases.map(\.rawValue))]
        ) { arguments, context in
            guard
                let theme = try arguments.choice(arguments.argument("THEME"), as: ThemePreference.self, label: "THEME")
            else { throw UsageError("THEME is required") }
            return try await PreferencesText.answer(
                principals: principals, headline: "Theme set to \(theme.rawValue).", context: context
            ) { try await service.setTheme($0, theme) }
        }
    }
}
