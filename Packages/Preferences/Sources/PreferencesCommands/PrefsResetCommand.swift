import Console
import Identity
import Preferences

/// `prefs reset`: theme `system`, font size `M`.
enum PrefsResetCommand {
    static func make(service: any PreferencesService, principals: any PrincipalSource) -> Command {
        Command("prefs reset", summary: "Put the theme and font size back to their defaults") { _, context in
            let principal = try await principals.requirePrincipal()
            let preferences = try await service.reset(principal)
            return PreferencesText.output(
                preferences, principal: principal, headline: "Preferences reset to the defaults.", context: context)
        }
    }
}
