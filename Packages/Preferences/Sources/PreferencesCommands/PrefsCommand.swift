import Accounts
import Console
import Preferences

/// `prefs`: the theme and font size of the member you are (or act as).
enum PrefsCommand {
    static func make(service: any PreferencesService, principals: any PrincipalSource) -> Command {
        Command("prefs", summary: "Show your theme and font size (or those of the member you act as)") {
            _, context in
            try await PreferencesText.answer(principals: principals, headline: nil, context: context) {
                try await service.preferences($0)
            }
        }
    }
}
