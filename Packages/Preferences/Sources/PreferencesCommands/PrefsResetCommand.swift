import Accounts
import Console
import Preferences

/// `prefs reset`: theme `system`, font size `M`.
enum PrefsResetCommand {
    static func make(service: any PreferencesService, principals: any PrincipalSource) -> Command {
        Command("prefs reset", summary: "Put the theme and font size back to their defaults") { _, context in
            try await PreferencesText.answer(
                principals: principals, headline: "Preferences reset to the defaults.", context: context
            ) { try await service.reset($0) }
        }
    }
}
